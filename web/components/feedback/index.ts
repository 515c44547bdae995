export { toast, alert, confirm, type AlertOptions } from './store';
export { FeedbackHost } from './FeedbackHost';
