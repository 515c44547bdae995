import type { Ware } from '../../../shared/schemas/learning';

/** What every viewer is given. */
export interface ViewerProps {
  ware: Ware;
  /** The learner and chapter, for what is remembered in this browser (memory.ts). */
  memoryKey: string;
  /** Asks for the ware again (fresh signed addresses) after a failure. */
  onRetry: () => void;
}
