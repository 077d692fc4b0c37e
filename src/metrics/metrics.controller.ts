import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { Metrics } from '../common/metrics';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { mayReadMetrics } from './domain/metrics-access';

/** Prometheus scrapes `GET /metrics`: with `METRICS_TOKEN` as a Bearer token, else from loopback only. */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('metrics')
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const caller = {
      authorization: request.header('authorization'),
      remoteAddress: request.socket.remoteAddress,
    };
    if (!mayReadMetrics(caller, this.config.METRICS_TOKEN)) {
      response
        .status(this.config.METRICS_TOKEN ? 401 : 403)
        .type('text/plain')
        .send('forbidden\n');
      return;
    }
    const registry = this.metrics.registry;
    response.type(registry.contentType).send(await registry.metrics());
  }
}
