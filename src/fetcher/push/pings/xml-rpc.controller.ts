import { Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { Request } from 'express';
import { DomainError, TooManyRequestsError } from '../../../common/errors';
import { Metrics } from '../../../common/metrics';
import { faultResponse, parseMethodCall, pingResponse, XmlRpcError } from '../domain/xml-rpc';
import { readRawBody } from '../raw-body';
import { PingService } from './ping.service';

const MAX_CALL_BYTES = 64 * 1024;
const PARSE_ERROR = -32700;
const UNKNOWN_METHOD = -32601;
const BAD_PARAMS = -32602;

/** `weblogUpdates.ping(name, url)` and `extendedPing(name, url, changesUrl, feedUrl)`, XML-RPC over POST. */
@Controller()
export class XmlRpcController {
  constructor(
    private readonly pings: PingService,
    private readonly metrics: Metrics,
  ) {}

  @Post(['RPC2', 'xmlrpc'])
  @HttpCode(200)
  @Header('content-type', 'text/xml; charset=utf-8')
  async call(@Req() request: Request): Promise<string> {
    this.metrics.countPing('xml-rpc');
    try {
      const call = parseMethodCall((await readRawBody(request, MAX_CALL_BYTES)).toString('utf8'));
      if (call.method !== 'weblogUpdates.ping' && call.method !== 'weblogUpdates.extendedPing')
        return faultResponse(UNKNOWN_METHOD, `unknown method ${call.method}`);
      const urls = call.params.slice(1, call.method === 'weblogUpdates.ping' ? 2 : 4);
      if (!urls[0]) return faultResponse(BAD_PARAMS, 'expected the weblog name and URL as strings');
      await this.pings.ping(
        urls.filter((url): url is string => Boolean(url)),
        request.ip ?? 'unknown',
      );
      return pingResponse(false, 'Thanks for the ping.');
    } catch (error) {
      if (error instanceof TooManyRequestsError) return pingResponse(true, error.message);
      if (error instanceof XmlRpcError || error instanceof DomainError)
        return faultResponse(PARSE_ERROR, error.message);
      throw error;
    }
  }
}
