import { Module } from '@nestjs/common';
import { DnsResolver } from './dns-resolver';
import { SafeHttpClient } from './safe-http-client';

/** The one way Tidings fetches from the internet (SSRF-guarded), for the fetcher, push, content and web. */
@Module({ providers: [SafeHttpClient, DnsResolver], exports: [SafeHttpClient] })
export class SafeHttpModule {}
