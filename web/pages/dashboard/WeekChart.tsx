import { formatDuration } from '../../../shared/rules/text';
import type { ControlCentre } from '../../../shared/schemas/dashboard';
import { useLocale, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n';

const WIDTH = 280;
const HEIGHT = 120;
const LABEL = 18;
const BAR = 24;

/**
 * This week's study time per day as seven bars (a hand-drawn SVG: no chart library on the student site),
 * Monday first, today marked; each bar says its day and time to a screen reader and on hover.
 */
export function WeekChart({ week, today }: { week: ControlCentre['week']; today: string }) {
  const t = useT();
  const locale = useLocale();
  const most = Math.max(60, ...week.days.map((day) => day.seconds));
  const step = WIDTH / week.days.length;
  const room = HEIGHT - LABEL - 4;
  return (
    <svg
      className="cc-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('dashboard.week.chart')}
      data-testid="week-chart"
    >
      {week.days.map((day, i) => {
        const name = t(`dashboard.weekday.${i + 1}` as MessageKey);
        const height = day.seconds > 0 ? Math.max(3, Math.round((day.seconds / most) * room)) : 0;
        const x = i * step + (step - BAR) / 2;
        const label = t('dashboard.week.day', { day: name, time: formatDuration(day.seconds, locale) });
        return (
          <g key={day.day} data-testid="week-bar" data-day={day.day} data-seconds={day.seconds}>
            <title>{label}</title>
            <rect className="cc-chart-track" x={x} y={4} width={BAR} height={room} rx={4} />
            {height > 0 && (
              <rect
                className={`cc-chart-bar${day.day === today ? ' is-today' : ''}`}
                x={x}
                y={4 + room - height}
                width={BAR}
                height={height}
                rx={4}
              />
            )}
            <text
              className={`cc-chart-label${day.day === today ? ' is-today' : ''}`}
              x={x + BAR / 2}
              y={HEIGHT - 4}
              textAnchor="middle"
            >
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
