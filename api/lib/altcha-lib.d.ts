// altcha-lib publishes its functions' types behind `exports` only, where this project's "node"
// module resolution does not look; its types entry (`altcha-lib/types`) is reachable. The
// functions the api and its tests use, as the package's own declarations state them.
declare module 'altcha-lib' {
  import type {
    Challenge,
    CreateChallengeOptions,
    Solution,
    SolveChallengeOptions,
    VerifySolutionOptions,
    VerifySolutionResult,
  } from 'altcha-lib/types';
  export type { Challenge, Payload } from 'altcha-lib/types';
  export function createChallenge(options: CreateChallengeOptions): Promise<Challenge>;
  export function randomInt(max: number, min?: number): number;
  export function solveChallenge(options: SolveChallengeOptions): Promise<Solution | null>;
  export function verifySolution(options: VerifySolutionOptions): Promise<VerifySolutionResult>;
}
declare module 'altcha-lib/algorithms/pbkdf2' {
  import type { DeriveKeyFunction } from 'altcha-lib/types';
  export const deriveKey: DeriveKeyFunction;
}
