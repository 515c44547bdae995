import { PendingPage } from '../../components/PendingPage';

/** The live page (server page 'live'): its content arrives with the courses. */
export default function LivePage() {
  return <PendingPage titleKey="page.live.title" />;
}
