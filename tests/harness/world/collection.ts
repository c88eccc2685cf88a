/**
 * v13 `foundry.utils.Collection`: a Map with `contents` and array-like helpers; iterating it yields its values (not
 * entries, as a Map would); `get(key, { strict })` throws for a missing key only when strict. World and embedded
 * collections are Collections of documents.
 */
export class Collection<T> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
  override get(key: string, { strict = false }: { strict?: boolean } = {}): T | undefined {
    const value = super.get(key);
    if (strict && value === undefined) throw new Error(`The key ${key} does not exist in the Collection`);
    return value;
  }
  find(fn: (value: T, index: number, collection: this) => unknown): T | undefined {
    let i = 0;
    for (const value of this.values()) if (fn(value, i++, this)) return value;
    return undefined;
  }
  filter(fn: (value: T, index: number, collection: this) => unknown): T[] {
    return this.contents.filter((v, i) => fn(v, i, this));
  }
  map<U>(fn: (value: T, index: number, collection: this) => U): U[] {
    return this.contents.map((v, i) => fn(v, i, this));
  }
  some(fn: (value: T, index: number, collection: this) => unknown): boolean {
    return this.contents.some((v, i) => fn(v, i, this));
  }
  every(fn: (value: T, index: number, collection: this) => unknown): boolean {
    return this.contents.every((v, i) => fn(v, i, this));
  }
  reduce<U>(fn: (acc: U, value: T, index: number) => U, initial: U): U {
    return this.contents.reduce(fn, initial);
  }
  getName(name: string): T | undefined {
    return this.find((v) => (v as { name?: string }).name === name);
  }
  toJSON(): T[] {
    return this.contents;
  }
}

// Iterating a Collection yields its values (TypeScript's Map typing would say entries: our own code uses `.values()`).
Object.defineProperty(Collection.prototype, Symbol.iterator, {
  value: function* (this: Map<string, unknown>) {
    yield* this.values();
  },
});
