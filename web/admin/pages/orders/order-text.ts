import { formatDate } from '../../../../shared/rules/dates';
import { fenText } from '../../../../shared/rules/order-price';

/** Money in the back office: ¥ and two decimals from integer fen. */
export const money = (fen: number | null) => (fen === null ? '' : `¥${fenText(fen)}`);
/** A date and time in the lists. */
export const when = (ms: number | null) => (ms === null ? '' : formatDate(ms, 'yyyy-MM-dd HH:mm'));
