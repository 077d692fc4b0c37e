/** One email's end, waiting in a group to be written. */
export interface GroupedEnd<T> {
  id: string;
  end: T;
}

/**
 * Writes the ends of sent emails a group at a time: one transaction and a few statements for up to
 * `most` emails, instead of one UPDATE (and commit) per email. A group is written as soon as it is full
 * or `waitMs` after its first email, and `record` resolves once its group is written. That wait is the
 * only thing it adds to the crash window of an email the server accepted: a process killed in it leaves
 * at most one group's emails `sending`, sent again (same Message-ID) when their lease runs out.
 */
export class SentMarks<T> {
  private group: Array<GroupedEnd<T> & { written: () => void; failed: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (ends: Array<GroupedEnd<T>>) => Promise<void>,
    private readonly most = 50,
    private readonly waitMs = 20,
  ) {}

  record(id: string, end: T): Promise<void> {
    return new Promise((written, failed) => {
      this.group.push({ id, end, written, failed });
      if (this.group.length >= this.most) this.writeGroup();
      else this.timer ??= setTimeout(() => this.writeGroup(), this.waitMs);
    });
  }

  private writeGroup(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const group = this.group.splice(0);
    if (group.length === 0) return;
    this.write(group.map(({ id, end }) => ({ id, end }))).then(
      () => group.forEach((one) => one.written()),
      (error: unknown) => group.forEach((one) => one.failed(error)),
    );
  }
}
