/**
 * samconfig.toml, offline: builds cached and in parallel, each stage its own stack, Stage parameter, IAM
 * capability and bucket, staging deployed without asking, and only the template's stages, parameters and outputs.
 */
import { loadTemplate } from '../../infra/template/read';
import { type Json, samconfig, STAGES } from '../support/workflows';

describe('samconfig.toml', () => {
  test('builds cached and in parallel', () => {
    expect(samconfig.version).toBe(0.1);
    expect(samconfig.default.build.parameters).toEqual({ cached: true, parallel: true });
  });

  test.each(Object.values(STAGES))('%s: its own stack, Stage parameter, IAM capability and S3 bucket', (stage) => {
    const parameters = samconfig[stage].deploy.parameters as Json;
    expect(parameters).toMatchObject({ stack_name: `social-news-${stage}`, parameter_overrides: `Stage=${stage}`, resolve_s3: true });
    expect(parameters.capabilities.split(' ')).toContain('CAPABILITY_IAM');
  });

  test('staging deploys without asking', () => {
    expect(samconfig.staging.deploy.parameters.confirm_changeset).toBe(false);
  });

  test('the stages, parameters and outputs it and the workflows name are the template’s', () => {
    const template = loadTemplate() as Json;
    expect(template.Parameters.Stage.AllowedValues).toEqual(expect.arrayContaining(Object.values(STAGES)));
    for (const stage of Object.values(STAGES)) {
      for (const pair of String(samconfig[stage].deploy.parameters.parameter_overrides).split(' '))
        expect(Object.keys(template.Parameters)).toContain(pair.split('=')[0]);
    }
    expect(Object.keys(template.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'ShortUrlHost']));
  });
});
