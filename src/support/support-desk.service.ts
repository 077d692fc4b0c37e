import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AccountsService } from '../accounts/accounts.service';
import { canSee } from '../accounts/domain/staff-roles';
import { ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { newId } from '../common/ids';
import { parseOrThrow } from '../common/zod-errors';
import { Message, SupportRepository } from './support.repository';
import { ThreadState } from './support-thread.entity';

const noteSchema = z.string().trim().min(1, 'the note is empty').max(100_000, 'the note is too long');
const STATES: readonly ThreadState[] = ['open', 'waiting', 'closed'];

/**
 * Support as a team's work: states (an answer leaves a
 * thread waiting for the reader, a reader's message reopens it, an agent closes it), assignment, read
 * marks and internal notes that never reach the reader. Only staff (`canSee('support', role)`) act.
 */
@Injectable()
export class SupportDeskService {
  constructor(
    private readonly store: SupportRepository,
    private readonly accounts: AccountsService,
  ) {}

  /** Agents who can take a thread. */
  staff(): Promise<Array<{ id: string; email: string }>> {
    return this.accounts.supportStaff();
  }

  async markSeen(threadId: string): Promise<void> {
    await this.store.markSeen(threadId);
  }

  async setState(threadId: string, agentUserId: string, state: string): Promise<void> {
    await this.staffThread(threadId, agentUserId);
    if (!STATES.includes(state as ThreadState))
      throw new ValidationError(`state: expected ${STATES.join(', ')}`);
    await this.store.setState(threadId, state as ThreadState);
  }

  /** Gives the thread to an agent (or to nobody: ''). */
  async assign(threadId: string, agentUserId: string, assigneeId: string): Promise<void> {
    await this.staffThread(threadId, agentUserId);
    if (assigneeId === '') return void (await this.store.assign(threadId, null));
    const [assignee] = await this.accounts.findByIds([assigneeId]);
    if (!canSee('support', assignee?.role)) throw new ValidationError('assignee: not a support agent');
    await this.store.assign(threadId, assignee.id);
  }

  /** An internal note: stored in the thread for agents, never emailed, never shown to the reader. */
  async addNote(threadId: string, agentUserId: string, text: string): Promise<Message> {
    const body = parseOrThrow(noteSchema, text);
    const agent = await this.staffThread(threadId, agentUserId);
    const { message } = await this.store.append(
      { threadId },
      {
        direction: 'note',
        messageId: `<note-${newId().toLowerCase()}@notes.invalid>`,
        inReplyTo: null,
        fromAddress: agent.email,
        envelopeSender: null,
        subject: 'Internal note',
        bodyText: body,
        bodyHtml: null,
        agentUserId: agent.id,
      },
    );
    return message;
  }

  /** Threads by state and the oldest open one's wait (admin page, /metrics). */
  census(): ReturnType<SupportRepository['census']> {
    return this.store.census();
  }

  private async staffThread(threadId: string, agentUserId: string) {
    const [agent] = await this.accounts.findByIds([agentUserId]);
    if (!agent || !canSee('support', agent.role))
      throw new ForbiddenError('only support agents and admins do this');
    if (!(await this.store.findThread(threadId))) throw new NotFoundError(`no support thread ${threadId}`);
    return agent;
  }
}
