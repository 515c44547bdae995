import { formatDate } from '../../../../shared/rules/dates';
import { fenPrice } from '../../../../shared/rules/order-price';

/** Money in the back office: the currency sign and two decimals from integer fen. */
export const money = (fen: number | null) => (fen === null ? '' : fenPrice(fen));
/** A date and time in the lists. */
export const when = (ms: number | null) => (ms === null ? '' : formatDate(ms, 'yyyy-MM-dd HH:mm'));
