/**
 * The graphic article reader of a graphic course (spec 2 'Graphic article reader', hash route graphic on
 * the course page): desktop only — mobile goes to app.introduce.detail — with the course title as a back
 * link to #/detail. A course the viewer may not read yet (paid and not bought) goes to #/detail, which
 * shows it locked with the buy button (spec 5: the non-author without ownership is redirected to #/detail).
 * Below the text, the course's comments (the comment calls and rules of the comment tab, spec 5's graphic
 * order); on the right, the rail: share (not in lan), bookmark, jump to the comments, back to top.
 */
import { Link, Navigate } from 'react-router';
import { isFree } from '../../../shared/rules/course-status';
import { isGraphic } from '../../../shared/rules/course-buttons';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { GraphicReader } from '../../components/viewers/GraphicReader';
import { useCourseInfo, useGraphicText } from '../../hooks/useCatalogue';
import { useIsMobile } from '../../hooks/useIsMobile';
import { CommentsPanel } from '../course/comments/CommentsPanel';
import { GraphicRail } from './GraphicRail';

const DETAIL = '/introduce/detail';
/** Where the rail's comment button goes. */
const COMMENTS_ID = 'graphic-comments';

export default function GraphicCoursePage() {
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const { data: course, error } = useCourseInfo(boot.params.coid ?? '');
  const readable = !!course && isGraphic(course) && (isFree(course) || course.isbuy);
  // course/info carries only the lead of a paid graphic course: the text comes from course/graphic.
  const text = useGraphicText(boot.params.coid ?? '', readable && !isMobile);
  if (isMobile || error || text.error) return <Navigate to={DETAIL} replace />;
  if (!course) return <Loading />;
  if (!readable) return <Navigate to={DETAIL} replace />;
  if (!text.data) return <Loading />;
  return (
    <div className="graphic-course" data-testid="graphic-course">
      <Link className="learn-back graphic-course-back" to={DETAIL}>
        ‹ {course.title}
      </Link>
      <GraphicReader
        title={course.title}
        updatedAt={text.data.update_time}
        html={text.data.description}
        memoryKey={`${boot.userData.sid || 'guest'}.course-${course.coid}`}
        study={{ coid: course.coid, cid: '0' }}
        below={
          <div id={COMMENTS_ID} className="graphic-comments">
            <CommentsPanel course={course} testId="graphic-comments-panel" />
          </div>
        }
        rail={<GraphicRail course={course} commentsId={COMMENTS_ID} />}
      />
    </div>
  );
}
