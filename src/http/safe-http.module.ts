import { Module } from '@nestjs/common';
import { DnsResolver } from './dns-resolver';
import { SafeHttpClient } from './safe-http-client';
import { UrlAddressPolicy } from './url-address-policy';

/**
 * The one way Tidings fetches from the internet (SSRF-guarded), for the fetcher, push, content and web,
 * and the one address policy for the URLs it stores to fetch later (feeds, push).
 */
@Module({
  providers: [SafeHttpClient, DnsResolver, UrlAddressPolicy],
  exports: [SafeHttpClient, UrlAddressPolicy],
})
export class SafeHttpModule {}
