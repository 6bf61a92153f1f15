/**
 * The bootstrap stack's deploy role (its trust and its policy) and the function boundary, resolved as in the local
 * stack's account, beside template.yaml; and the IAM requests the static tests hold them to (./iam-policy.ts).
 */
import { loadTemplate } from '../../infra/template/read';
import { PSEUDO_ACCOUNT_ID, resolveValue } from '../../infra/template/evaluate';
import type { Policy, Request } from './iam-policy';

/** The account the templates are resolved in (the local stack's), and a region. */
export const ACCOUNT = PSEUDO_ACCOUNT_ID;
export const REGION = 'eu-west-1';
export const REPOSITORY = 'OWNER/REPO';

export const bootstrap = loadTemplate('infra/bootstrap/template.yaml');
const bootstrapStack = { parameters: { GitHubRepository: REPOSITORY }, region: REGION };
const fromBootstrap = (value: unknown) => resolveValue(bootstrap, value, bootstrapStack) as any;
export const deployRole = bootstrap.Resources.DeployRole!.Properties!;
export const trust = fromBootstrap(deployRole.AssumeRolePolicyDocument);
export const deploy = fromBootstrap(deployRole.Policies[0].PolicyDocument) as Policy;
export const boundary = fromBootstrap(bootstrap.Resources.FunctionBoundary!.Properties!.PolicyDocument) as Policy;
/** The boundary's ARN, the bootstrap's output that CI passes to template.yaml. */
export const BOUNDARY_ARN = fromBootstrap(bootstrap.Outputs!.FunctionBoundaryArn!.Value) as string;
export const DEPLOY_ROLE = deployRole.RoleName as string;

export const template = loadTemplate();
/** The parameter CI passes the boundary's ARN in, which every role of the stack then carries (docs/deploy.md). */
export const BOUNDARY_PARAMETER = 'FunctionPermissionsBoundary';
export const STAGES = ['staging', 'prod'];

/** The requests for each of `actions`, space-separated, on `resource`; an action without its service is of the one before it. */
export const calls = (actions: string, resource: string, context?: Record<string, string>): Request[] => {
  let service = '';
  return actions.split(' ').map((action) => {
    if (action.includes(':')) service = action.split(':')[0]!;
    return { action: action.includes(':') ? action : `${service}:${action}`, resource, context };
  });
};
export const withBoundary = { 'iam:PermissionsBoundary': BOUNDARY_ARN };
export const toLambda = { 'iam:PassedToService': 'lambda.amazonaws.com' };
/** A role CloudFormation names after the stack (SAM's function roles are `<Function>Role`). */
export const roleOf = (stage: string, roleId: string) => `arn:aws:iam::${ACCOUNT}:role/social-news-${stage}-${roleId}-A1B2C3D4E5F6`;
export const arn = (service: string, resource: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${resource}`;
