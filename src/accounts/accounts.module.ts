import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { AccountsService } from './accounts.service';
import { SessionEntity } from './session.entity';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInTokenEntity } from './sign-in-token.entity';
import { SignInTokensRepository } from './sign-in-tokens.repository';
import { SignInService } from './sign-in.service';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, SignInTokenEntity, SessionEntity]), MailModule],
  providers: [
    AccountsService,
    UsersRepository,
    SignInService,
    SignInTokensRepository,
    SessionsService,
    SessionsRepository,
  ],
  exports: [AccountsService, SignInService, SessionsService],
})
export class AccountsModule {}
