// The types of php-serialize's serialize() module, which the package declares for its own build only.
declare module 'php-serialize/lib/esm/serialize' {
  export { default } from 'php-serialize/lib/typings/serialize';
}
