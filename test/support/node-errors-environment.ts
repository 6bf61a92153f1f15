/**
 * ./php-environment.ts, where `instanceof Error` also holds for Node's own errors (jest #2549): the AWS SDK checks it, and would otherwise
 * drop ECONNREFUSED's code, answering 500, not Lambda's 503. Per file: `@jest-environment ./test/support/node-errors-environment.ts`.
 */
import PhpEnvironment from './php-environment';

export default class NodeErrorsEnvironment extends PhpEnvironment {
  constructor(...args: ConstructorParameters<typeof PhpEnvironment>) {
    super(...args);
    const testRealmError = this.global.Error as ErrorConstructor;
    // This module runs in Node's own realm: here `Error` is the one Node's errors come from.
    const nodeError = Error;
    const ordinaryInstanceOf = Function.prototype[Symbol.hasInstance];
    Object.defineProperty(testRealmError, Symbol.hasInstance, {
      value(this: unknown, value: unknown): boolean {
        // Subclasses (TypeError, the SDK's errors) inherit this method: they keep the ordinary
        // meaning, and only `instanceof Error` itself also takes Node's errors.
        return ordinaryInstanceOf.call(this, value) || (this === testRealmError && value instanceof nodeError);
      },
    });
  }
}
