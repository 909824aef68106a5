/**
 * A map bounded by the sum of its entries' weights (1 each unless `weigh` says otherwise): reading an entry makes
 * it the most recent, and the least recently used go first.
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.weight > this.capacity && this.entries.size > 0)
      this.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  /** Drops every entry `drop` picks. */
  deleteWhere(drop: (key: string, value: V) => boolean): void {
    for (const [key, { value }] of this.entries) if (drop(key, value)) this.delete(key);
  }
}
