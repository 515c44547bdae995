import { PointsLedger } from './PointsLedger';
import { StudyCredits } from './StudyCredits';

/**
 * My credits (spec 2 controller/credit, mypoints_m; issue 18 'points and study credits'): the study credits
 * earned by completing courses, then the points and their history.
 */
export function MyCredits() {
  return (
    <div className="pt-mine">
      <StudyCredits />
      <PointsLedger />
    </div>
  );
}
