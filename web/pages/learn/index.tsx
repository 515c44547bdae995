import { PendingPage } from '../../components/PendingPage';

/** The learn page (server page 'learn'): its content arrives with the courses. */
export default function LearnPage() {
  return <PendingPage titleKey="page.learn.title" />;
}
