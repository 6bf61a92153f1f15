/** What a container remembers of codes: at most `capacity` of them, the oldest forgotten first. */
export class Remembered<V> extends Map<string, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  /** `value` for `code`, as the newest; the oldest code goes when the memory is full. */
  remember(code: string, value: V): void {
    this.delete(code);
    const oldest = this.keys().next();
    if (this.size >= this.capacity && !oldest.done) this.delete(oldest.value);
    this.set(code, value);
  }
}
