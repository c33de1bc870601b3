// The app plugin's records as its routes answer them (plugins/app/src/*.rs), and the limits the
// pages mirror for comfort; the server checks every one of them again.
import { LANGUAGES } from '@console/sdk';

/** What every stored record carries (the SDK's `Doc`). */
export interface Stored {
  id: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A file the host measured and the plugin keeps (the SDK's `StoredFile`). */
export interface StoredFile {
  fileName: string;
  object: string;
  size: number;
  sha256: string;
  md5: string;
}

/** A sealed secret as answered: only its hint (the last characters), never the secret. */
export interface SecretHint {
  hint: string;
}

/** The console's seven languages: a project's copy languages, a copy entry's texts. */
export const LANGS = LANGUAGES;
export type Lang = (typeof LANGS)[number];

export const REGIONS = ['asia', 'europe', 'america'] as const;
export type Region = (typeof REGIONS)[number];

export const LIBRARIES = ['public', 'project', 'function'] as const;
export type Library = (typeof LIBRARIES)[number];

export const QR_PURPOSES = ['download', 'pairing'] as const;
export type QrPurpose = (typeof QR_PURPOSES)[number];

/** The S3-compatible services a bucket is on (storage.rs `SERVICES`). */
export const CLOUD_SERVICES = ['aliyun-oss', 'aws-s3', 'tencent-cos', 'minio'] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];

/** A bucket's access right (storage.rs `ACCESS_RIGHTS`): a private one's objects are opened by signed URLs. */
export const ACCESS_RIGHTS = ['read-write', 'read-only', 'private'] as const;
export type AccessRight = (typeof ACCESS_RIGHTS)[number];

/** Limits the server checks too. */
export const SECRET_MIN = 16;
export const SECRET_MAX = 128;
/** The length of a generated secret. */
export const SECRET_GENERATED = 32;
export const MAX_PLACEHOLDERS = 20;
export const MAX_INTERVAL_DAYS = 364;
export const MAX_LIFECYCLE = 1000;
export const MAX_SUB_QUESTIONNAIRES = 20;
export const MAX_PRODUCT_IDS = 100;
export const MAX_BETA_BATCH = 500;
export const MAX_COPY_EXCEL_MIB = 20;
/** The longest a signed access URL lives, and how long when not said (storage.rs `MAX_URL_SECS`). */
export const MAX_URL_SECS = 86_400;
export const DEFAULT_URL_SECS = 3600;

/** app_products.rs `AppProduct`. */
export interface AppProduct extends Stored {
  appProductName: string;
  appName: string;
  appCode: string;
  platformCode: string;
  logo: StoredFile | null;
  privacyLink: string;
  clientId: string;
  secret: SecretHint;
  appProductId: string;
  productIds: string[];
}

/** projects.rs `Project`. */
export interface Project extends Stored {
  name: string;
  projectCode: string;
  region: Region;
  enterpriseId: number;
  enterpriseName: string;
  projectType: string;
  startsAt: number;
  endsAt: number;
  description: string;
  appKey: string;
  appSecret: SecretHint;
  languages: string[];
}

/** copies.rs `CopyEntry`. */
export interface CopyEntry extends Stored {
  library: Library;
  projectId: string;
  key1: string;
  key2: string;
  key3: string;
  keyPath: string;
  keyDescription: string;
  placeholder: boolean;
  placeholderCount: number;
  functionType: string;
  functionCode: string;
  parentFunctionType: string;
  copyCode: string;
  texts: Record<string, string>;
  complete: boolean;
  assignee: string;
  projectType: string;
}

/** `POST /copies/import-public`. */
export interface ImportedPublic {
  imported: number;
  /** Keys the project has already: kept as they are. */
  skipped: string[];
}

/** `POST /copies/import`. */
export interface ImportedExcel {
  added: number;
  updated: number;
}

/** One language's bundle after a publish. */
export interface PublishedBundle {
  lang: string;
  version: number;
  etag: string;
  keys: number;
}

/** `POST /copies/publish`. */
export interface Published {
  incomplete: number;
  bundles: PublishedBundle[];
}

export interface SubQuestionnaire {
  name: string;
  address: string;
}

/** questionnaires.rs `Questionnaire`, with the computed `remainingLifecycle`. */
export interface Questionnaire extends Stored {
  projectId: string;
  projectName: string;
  appProductId: string;
  questionnaireType: string;
  productIds: string[];
  name: string;
  address: string;
  intervalDays: number;
  lifecycle: number;
  enabled: boolean;
  subQuestionnaires: SubQuestionnaire[];
  startedAt: number | null;
  refreshedAt: number | null;
  remainingLifecycle: number;
}

/** store.rs `AppStore`. */
export interface AppStore extends Stored {
  storeName: string;
  icon: StoredFile | null;
  downloadAddress: string;
  domainPrefix: string;
}

/** storage.rs `Bucket`: the access key's secret as its hint only. */
export interface Bucket extends Stored {
  objectName: string;
  cloudService: CloudService;
  region: string;
  endpoint: string;
  objectDomain: string;
  cdnDomain: string;
  ramAccount: string;
  keyId: string;
  key: SecretHint;
  accessRight: AccessRight;
  applicationType: string;
  serviceType: string;
  enterpriseId: number;
  enterpriseName: string;
  configId: string;
}

/** `POST /buckets/{id}/access-url`: signed (until `expiresAt`) when the bucket is private. */
export interface AccessUrl {
  url: string;
  signed: boolean;
  expiresAt?: number;
}

/** qr_codes.rs `AppQrCode`. */
export interface AppQrCode extends Stored {
  label: string;
  purpose: QrPurpose;
  content: string;
  /** The code drawn by the server, as an SVG document. */
  svg: string;
}

/** app_users.rs `AppUser` as shown: `hasPassword` instead of the hash. */
export interface AppUser extends Stored {
  username: string;
  mobile: string;
  reportedAt: number;
  networkType: string;
  phoneModel: string;
  appVersion: string;
  blocked: boolean;
  hasPassword: boolean;
}

/** storage.rs `domains`: a bucket as the object domain page sees it. */
export interface BucketDomains {
  id: string;
  version: number;
  objectName: string;
  cloudService: string;
  objectDomain: string;
  cdnDomain: string;
  accessRight: string;
  enterpriseName: string;
}

/** app_logs.rs `AppLog`. */
export interface AppLog extends Stored {
  username: string;
  appVersion: string;
  phoneModel: string;
  file: { fileName: string; size: number };
  uploadedAt: number;
}

/** beta_users.rs `BetaUser`. */
export interface BetaUser extends Stored {
  remarkName: string;
  username: string;
  /** Empty until the account has used the app. */
  userId: string;
  allProducts: boolean;
  productIds: string[];
}

/** `POST /beta-users`. */
export interface BetaAdded {
  added: string[];
  alreadyListed: string[];
}

/** A file the server sent as base64 (exports, PNGs). */
export interface ExportedFile {
  fileName: string;
  contentType: string;
  content: string;
}

/** An enterprise as `/authority-service/tenantInfo/list` answers it. */
export interface Enterprise {
  id: number;
  tenantName: string;
}
