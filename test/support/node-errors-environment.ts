/**
 * The tests' environment (./php-environment.ts: jest's Node environment with PHP), with one
 * difference: `instanceof Error` in a test file also holds for the errors Node itself makes (a
 * refused connection's, a reset socket's). A test file runs in a
 * realm (vm context) of its own, whose `Error` is not the one Node's modules make errors with
 * (jest issue #2549), so there such an error is not `instanceof Error`. The AWS SDK checks
 * exactly that when its retries are spent, and wraps what fails the check in a new Error that
 * keeps only the text: the `code` (ECONNREFUSED) that marks the failure as transient is lost,
 * and the functions would answer error 500, logged, where in Lambda, one realm, they answer 503.
 *
 * For test files that let the functions meet real network failures; chosen per file with
 * `@jest-environment ./test/support/node-errors-environment.ts` in the file's first comment.
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
