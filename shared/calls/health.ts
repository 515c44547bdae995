/** The health check (the Docker HEALTHCHECK asks it). */
import { zHealth } from '../schemas/health';
import { defineCall } from '../contract';

export const healthCalls = {
  check: defineCall({
    method: 'GET',
    path: 'health',
    access: 'public',
    tags: ['health'],
    summary: 'The database answers (select 1), the running version and the seconds since start.',
    reply: zHealth,
  }),
};
