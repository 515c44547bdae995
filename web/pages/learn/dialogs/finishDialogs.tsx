/**
 * The finish dialogs of the next chapter flow (spec 4 'Signature dialog', 'Rating dialog'), written beside
 * this page in web/components/dialogs and loaded only when a course asks for them.
 */
import { lazy, type ComponentType } from 'react';

export interface SignatureProps {
  coid: string;
  cid: string;
  onClose: (saved: boolean) => void;
}
export interface RatingProps {
  coid: string;
  cid: string;
  onClose: (rated: boolean) => void;
}

// PENDING: the dialogs' files are being written; until they land these placeholders close at once.
const pending = <P extends { onClose: (done: boolean) => void }>(): ComponentType<P> =>
  function Pending({ onClose }: P) {
    queueMicrotask(() => onClose(false));
    return null;
  };

export const SignatureDialog = lazy(async () => ({ default: pending<SignatureProps>() }));
export const RatingDialog = lazy(async () => ({ default: pending<RatingProps>() }));
