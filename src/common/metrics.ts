import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * What this process counts as it works (polls, fetch times, send attempts, bounces, complaints,
 * webhook events, pings), in one prom-client registry per application, with Node's default process
 * metrics. Figures that describe rows (emails by state, feeds by state, credits…) are not counted
 * here: the metrics module reads them from the database when scraped, so any process can answer.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly polls = new Counter({
    name: 'tidings_polls_total',
    help: 'Feed polls by outcome: 200, 304, same_hash, 4xx, 5xx, timeout, refused, other',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly fetchSeconds = new Histogram({
    name: 'tidings_fetch_duration_seconds',
    help: 'Time of one feed poll: the fetch and, for a new body, parsing and storing it',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly sendAttempts = new Counter({
    name: 'tidings_email_attempts_total',
    help: 'Emails taken from the outbox, by what became of them (sent, retrying, failed, held, …) and kind',
    labelNames: ['result', 'kind'],
    registers: [this.registry],
  });
  private readonly bounces = new Counter({
    name: 'tidings_bounces_total',
    help: 'Hard bounces: a 5xx address failure at send time or a bounce report',
    registers: [this.registry],
  });
  private readonly complaints = new Counter({
    name: 'tidings_complaints_total',
    help: 'Complaints (feedback reports) about an email of ours, by what named it: signed-token or message-id',
    labelNames: ['proof'],
    registers: [this.registry],
  });
  private readonly unprovenReports = new Counter({
    name: 'tidings_unproven_reports_total',
    help: 'Feedback reports naming no email of ours (forged, or about mail Tidings did not send): not complaints',
    registers: [this.registry],
  });
  private readonly webhookEvents = new Counter({
    name: 'tidings_webhook_events_total',
    help: 'Webhook requests by source and outcome',
    labelNames: ['source', 'outcome'],
    registers: [this.registry],
  });
  private readonly pings = new Counter({
    name: 'tidings_pings_total',
    help: 'Pings received, by protocol (websub, xml-rpc, ping, rsscloud)',
    labelNames: ['protocol'],
    registers: [this.registry],
  });

  private readonly digestLag = new Histogram({
    name: 'tidings_digest_lag_seconds',
    help: "How long after the reader's hour each digest issue was enqueued",
    buckets: [30, 60, 120, 300, 600, 1800, 3600, 6 * 3600, 24 * 3600],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  countPoll(outcome: string, seconds: number): void {
    this.polls.inc({ outcome });
    this.fetchSeconds.observe(seconds);
  }

  countEmailAttempt(result: string, kind: string): void {
    this.sendAttempts.inc({ result, kind });
  }

  countBounce(): void {
    this.bounces.inc();
  }

  countComplaint(proof: 'signed-token' | 'message-id'): void {
    this.complaints.inc({ proof });
  }

  countUnprovenReport(): void {
    this.unprovenReports.inc();
  }

  countWebhookEvent(source: string, outcome: string): void {
    this.webhookEvents.inc({ source, outcome });
  }

  observeDigestLag(seconds: number): void {
    this.digestLag.observe(Math.max(0, seconds));
  }

  countPing(protocol: 'websub' | 'xml-rpc' | 'ping' | 'rsscloud'): void {
    this.pings.inc({ protocol });
  }
}
