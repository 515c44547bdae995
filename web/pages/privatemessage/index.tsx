import { Loading } from '../../components/Loading';
import { MessagesView } from '../../components/messages/MessagesView';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';

/**
 * My messages (#/privatemessage; spec 7 privatemessage, issue 16): the student's conversations with the
 * school's staff (and other students when the school allows it), desktop and phone. A signed-in student only.
 */
export default function PrivateMessagePage() {
  const t = useT();
  const allowed = useStudentGuard();
  const isMobile = useIsMobile();
  if (!allowed) return <Loading />;
  return (
    <section className={`pm-page${isMobile ? ' pm-page-mobile' : ''}`} aria-labelledby="pm-title">
      <h1 id="pm-title" className="page-title">
        {t('messages.title')}
      </h1>
      <MessagesView side="student" />
    </section>
  );
}
