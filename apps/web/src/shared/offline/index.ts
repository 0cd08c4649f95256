export {
  createOfflineStore,
  type Disagreement,
  type LocalVerdict,
  type OfflineStatus,
  type OfflineStore,
  type QueuedAnswer,
  type StoredPack,
  type SyncOutcome,
} from './offlineStore';
export { useOfflineStatus } from './useOfflineStatus';
