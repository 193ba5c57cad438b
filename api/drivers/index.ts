/**
 * Which driver reaches a network. Real drivers come network by network, each chosen here when its credentials
 * are set in the environment (read and checked in api/env.ts); until then every network is the sandbox.
 */
import type { ProviderDefinition } from "../catalog";
import type { Env } from "../env";
import { sandboxDriver } from "./sandbox";
import type { NetworkDriver } from "./types";

export type {
  AccountProfile,
  EntrantProfile,
  EntriesRequest,
  LinkRequest,
  NetworkDriver,
  PrivateMessageRequest,
  PublicationKind,
  PublicationMode,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "./types";

export function driverFor(_provider: ProviderDefinition, _env: Env): NetworkDriver {
  return sandboxDriver;
}
