/**
 * Stands in for `@aws-sdk/credential-provider-node` in the bundles (template.yaml's
 * BuildProperties `Alias`): the SDK's default chain tries environment variables, shared config
 * files, SSO, web identity, processes, ECS and EC2 metadata, and bundles a client of its own for
 * several of them. A Lambda function's credentials are always in its environment, and so are the
 * local stack's, so the chain's first link is the only one that can ever answer.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type FromEnvInit = Parameters<typeof fromEnv>[0];

/** The default provider the DynamoDB client asks for: the environment's credentials. */
export const defaultProvider = (init?: FromEnvInit) => fromEnv(init);
