import { useT } from '../../../i18n';
import { CourseSelect } from '../../components/CourseSelect';
import { ListToolbar, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { RatingsList } from './RatingsList';
import { SignaturesList } from './SignaturesList';

const TABS = [
  { key: 'signatures', label: 'admin.feedback.tab.signatures' },
  { key: 'ratings', label: 'admin.feedback.tab.ratings' },
] as const;

/**
 * Signatures and ratings (签名与评分, permission course; spec 7
 * 'chapter grade list/delete'): choose a course, then its students' signatures, or its ratings with the
 * average score and a chapter filter, where a rating can be deleted. Course, tab, chapter and page live in
 * the address.
 */
export default function FeedbackPage() {
  const t = useT();
  const { params, page, setFilter } = useQueryFilters({ tab: 'signatures' });
  const coid = params.get('coid') ?? '';
  const tab = TABS.find((item) => item.key === params.get('tab')) ?? TABS[0];
  const cid = params.get('cid') ?? '';

  return (
    <div className="ac-page" data-testid="feedback-page">
      <PageHeader title={t('admin.feedback.title')} />
      <section className="card ac-card">
        <ListToolbar>
          <CourseSelect
            value={coid}
            label={t('admin.feedback.course')}
            emptyLabel={t('admin.feedback.chooseCourse')}
            testId="feedback-course"
            onChange={(value) => setFilter({ coid: value, cid: '' })}
          />
          <Segmented
            label={t('admin.feedback.title')}
            options={TABS}
            value={tab.key}
            onChange={(item) => setFilter({ tab: item.key, cid: '' })}
          />
        </ListToolbar>
        {!coid ? (
          <p className="ac-empty">{t('admin.feedback.pickCourse')}</p>
        ) : tab.key === 'signatures' ? (
          <SignaturesList coid={coid} page={page} onPage={(next) => setFilter({ page: String(next) })} />
        ) : (
          <RatingsList
            coid={coid}
            cid={cid}
            page={page}
            onPage={(next) => setFilter({ page: String(next) })}
            onChapter={(next) => setFilter({ cid: next })}
          />
        )}
      </section>
    </div>
  );
}
