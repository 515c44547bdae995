import type { ImportProblem } from '../../../../shared/schemas/student-import';
import { useT } from '../../../i18n';

/** The row-by-row report: row number (the header row is 1), column and reason, with the value at fault. */
export function ProblemTable({ problems, testId }: { problems: ImportProblem[]; testId: string }) {
  const t = useT();
  return (
    <div className="ac-table-wrap" data-testid={testId}>
      <table className="ac-table">
        <thead>
          <tr>
            <th>{t('admin.import.col.row')}</th>
            <th>{t('admin.import.col.field')}</th>
            <th>{t('admin.import.col.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={index} data-testid="import-problem" data-row={problem.row}>
              <td>{problem.row}</td>
              <td>{problem.field}</td>
              <td>
                {t(`admin.import.reason.${problem.reason}`)}
                {problem.value ? `：${problem.value}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
