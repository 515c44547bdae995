import { authCalls } from '../../shared/calls/auth';
import { request } from './client';

/** Ends the session: an administrator through do/logout, anyone else through do/s/logout. */
export const logout = (role: 'student' | 'admin') =>
  request(role === 'admin' ? authCalls.logout : authCalls.studentLogout);
