import { PendingPage } from '../../components/PendingPage';

/** The column page (server page 'column'): its content arrives with the courses. */
export default function ColumnPage() {
  return <PendingPage titleKey="page.column.title" />;
}
