/**
 * The finish dialogs of the next chapter flow (spec 4 'Signature dialog', 'Rating dialog'), written beside
 * this page in web/components/dialogs and loaded only when a course asks for them (their own chunks).
 */
import { lazy } from 'react';

export const SignatureDialog = lazy(() => import('../../../components/dialogs/SignatureDialog'));
export const RatingDialog = lazy(() => import('../../../components/dialogs/RatingDialog'));
