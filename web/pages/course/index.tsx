import { PendingPage } from '../../components/PendingPage';

/** The course page (server page 'course'): its content arrives with the courses. */
export default function CoursePage() {
  return <PendingPage titleKey="page.course.title" />;
}
