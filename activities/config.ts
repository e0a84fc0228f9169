import { z } from 'zod';

/** The worker's environment, validated at boot. */
const WorkerEnvSchema = z.object({
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
});

export type WorkerConfig = z.infer<typeof WorkerEnvSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = WorkerEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid worker configuration: ${parsed.error.message}`);
  return parsed.data;
}
