/** The template reader's Fn::ForEach, against what AWS::LanguageExtensions makes of the same loops. */
import { expandForEach } from '../../infra/template/for-each';

test('one copy of the fragment per item: the identifier replaced in keys, strings and a Ref to it', () => {
  const topic = { Type: 'AWS::SNS::Topic', Properties: { TopicName: { 'Fn::Sub': '${AWS::StackName}-${Name}' }, Tag: { Ref: 'Name' } } };
  const resources = { Kept: { Type: 'AWS::SNS::Topic' }, 'Fn::ForEach::Topics': ['Name', ['Orders', 'Users'], { '${Name}Topic': topic }] };
  expect(expandForEach(resources)).toEqual({
    Kept: { Type: 'AWS::SNS::Topic' },
    OrdersTopic: { Type: 'AWS::SNS::Topic', Properties: { TopicName: { 'Fn::Sub': '${AWS::StackName}-Orders' }, Tag: 'Orders' } },
    UsersTopic: { Type: 'AWS::SNS::Topic', Properties: { TopicName: { 'Fn::Sub': '${AWS::StackName}-Users' }, Tag: 'Users' } },
  });
});

test('&{Identifier} drops what is not a letter or digit; ${${Identifier}} becomes a reference to the item', () => {
  const loop = { 'Fn::ForEach::Hosts': ['Ip', ['10.0.0.1'], { 'Host&{Ip}': { Name: { 'Fn::Sub': '${${Ip}}' } } }] };
  expect(expandForEach(loop)).toEqual({ Host10001: { Name: { 'Fn::Sub': '${10.0.0.1}' } } });
});

test('a Ref to a Fn::Sub the item leaves without variables is a plain Ref, as AWS::LanguageExtensions makes it', () => {
  const alarm = { Value: { Ref: { 'Fn::Sub': '${Fn}Function' } }, Other: { Ref: { 'Fn::Sub': '${Fn}-${Stage}' } } };
  const loop = { 'Fn::ForEach::Alarms': ['Fn', ['Errors'], { '${Fn}Alarm': alarm }] };
  expect(expandForEach(loop)).toEqual({
    ErrorsAlarm: { Value: { Ref: 'ErrorsFunction' }, Other: { Ref: { 'Fn::Sub': 'Errors-${Stage}' } } },
  });
});

test('loops inside loops, and inside a property', () => {
  const app = { Tags: { 'Fn::ForEach::T': ['K', ['x'], { '${K}': '${Env}' }] } };
  const loop = { 'Fn::ForEach::Envs': ['Env', ['Dev', 'Prod'], { 'Fn::ForEach::Apps': ['App', ['A', 'B'], { '${Env}${App}': app }] }] };
  const [dev, prod] = [{ Tags: { x: 'Dev' } }, { Tags: { x: 'Prod' } }];
  expect(expandForEach(loop)).toEqual({ DevA: dev, DevB: dev, ProdA: prod, ProdB: prod });
});

test('refuses a key made twice, and a collection it cannot read', () => {
  expect(() => expandForEach({ AThing: {}, 'Fn::ForEach::X': ['N', ['A'], { '${N}Thing': {} }] })).toThrow(/AThing/);
  expect(() => expandForEach({ 'Fn::ForEach::X': ['N', { Ref: 'Names' }, { '${N}Thing': {} }] })).toThrow(/literal collections only/);
});
