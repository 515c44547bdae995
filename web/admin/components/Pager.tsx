import { useT } from '../../i18n';

/** Previous / next paging with 'page x of y · n in all'. */
export function Pager({
  page,
  num,
  total,
  onPage,
}: {
  page: number;
  num: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / num));
  return (
    <div className="ac-pager" data-testid="pager">
      <span className="ac-muted">{t('admin.common.pageOf', { page, pages, total })}</span>
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.common.prev')}
      </button>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.common.next')}
      </button>
    </div>
  );
}
