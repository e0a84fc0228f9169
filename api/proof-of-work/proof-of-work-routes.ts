import Router from '@koa/router';
import { PROOF_OF_WORK_CHALLENGE_PATH } from '../../domain/proof-of-work';
import type { ProofOfWork } from '../lib/proof-of-work';

/**
 * `GET /api/proof-of-work/challenge`: a fresh signed challenge for the ALTCHA widget, which an
 * anonymous form shows once the api answered 428 `proof_of_work_required`. Public: anyone may
 * solve one, and each is redeemed once.
 */
export function proofOfWorkRoutes(proofOfWork: ProofOfWork): Router {
  const router = new Router();
  router.get(PROOF_OF_WORK_CHALLENGE_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await proofOfWork.challenge();
  });
  return router;
}
