/**
 * Every user-facing text of the specification, verbatim, in one place.
 * Server and console both import from here so a wording never drifts.
 */
import { AUDIO_MAX_MB } from './constants.ts';
import { PRIVACY_TEXT } from './player-launch.ts';

export const MSG = {
  // accounts: sign-in, recovery, profile, sign-out
  loginSuccess: 'Login success',
  recoverSent: 'Email verified! We sent you an email with the next steps',
  passwordSet: 'Set new password successed!',
  profileUpdated: 'Your profile has been updated successfully',
  authExpired: 'Authorization expired',
  networkError: 'Network error',
  emailPasswordRequired: 'Email and Password are required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordRule:
    'Password should have 8 characters or more, combining upper and lower-case letters, numbers, and special characters !@#$%^&*',
  passwordMismatch: 'Password and confirm password must match',
  signOutConfirm: 'Confirm to sign out？',
  signOutTitle: 'Tips',
  // 404 page
  notFoundHeading: 'OOPS',
  notFoundText: 'The webmaster said that you can not enter this page',
  notFoundHint:
    'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
  notFoundBack: 'Back to home',
  // operators: invitations, brands, lists (the ones the foundation serves)
  validEmail: 'Please enter a valid email',
  selectBrand: 'Please select a brand',
  sendInvitationSuccess: 'Send invitation success',
  createBrandSuccess: 'Create brand success',
  updateBrandSuccess: 'Update brand success',
  copied: 'Copied to clipboard',
  deleteRecordConfirm: 'Confirm to delete this record?',
  deleteSuccess: 'Delete success',
  // customers
  confirmCustomerBrand: 'Confirm that this customer has the brand?',
  enterNewPassword: 'Please enter the new password',
  // brand content: catalogue, products, uploads
  updateSuccess: 'Update success',
  uploadSuccess: 'Upload success',
  uploadError: 'Upload error',
  createSongSuccess: 'Create song success',
  updateSongSuccess: 'Update song success',
  createInstrumentSuccess: 'Create instrument success',
  updateInstrumentSuccess: 'Update instrument success',
  createProductSuccess: 'Create product success',
  createCategorySuccess: 'Create category success',
  updateCategorySuccess: 'Update category success',
  createSubCategorySuccess: 'Create subCategory success',
  updateSubCategorySuccess: 'Update subCategory success',
  importSuccess: 'Import success',
  unknownError: 'Unknown error',
  noMasterBrand: "This customer doesn't have a Master Brand",
  selectCrossComparableSong: 'Please select a cross-comparable song',
  pictureTooLarge: 'The size of the uploaded picture cannot exceed 2MB!',
  saveBeforeMoving: 'Save changes before moving on?',
  // instances
  createInstanceSuccess: 'Create instance success',
  synchronizeSuccess: 'Synchronize success',
  // mobile operator area
  saveRetailerSuccess: 'Save retailer success',
  createSuccess: 'create success',
  confirmCreateRetailer: 'Confirm to create a new retailer?',
  confirmDeleteRetailer: 'Confirm to delete this retailer?',
  duplicateInstanceConfirm: 'Sure to duplicate this instance?',
  deleteInstanceConfirm: 'Sure to delete this instance?',
  /** Not in the spec: Unpublish from the instance list takes the player away from visitors. */
  unpublishInstanceConfirm: 'Visitors will no longer see this player. Unpublish it?',
  /**
   * Products an instance lists that its player leaves out for visitors (the instance read's `hidden`, docs/api.md
   * "Products visitors will not see"): marked on the Products tab and before a Preview, and Publish warns when
   * none is left to show.
   */
  productHiddenPending: 'Pending product: visitors will not see it',
  productHiddenDeleted: 'Deleted product: visitors will not see it',
  productHiddenBrand: 'Its brand is not live: visitors will not see it',
  publishNoProductConfirm:
    'Visitors will see no product in this player: none of its active products is published. Publish it anyway?',
  previewHiddenProducts: 'Visitors will not see these active products of the player:',
  previewNoProduct: 'Visitors will see no product in this player.',
  deleteProductConfirm: 'Confirm to delete this product?',
  instanceNotFound: 'Instance not found',
  abxNotAvailable: 'ABX test not available',
  /**
   * Not in the spec: a visitor's "Forget me" (the player's information panel) and an operator's erasure of a visitor
   * id (docs/api.md "What the statistics store, and for how long").
   */
  visitorForgotten: PRIVACY_TEXT.forgotten,
  visitorErased: 'Visitor erased',
  visitorNotFound: 'Visitor not found',
  sourcesUnchanged: 'The sources have not changed',
  sourcesMismatch: 'The sources must list exactly the songs and sources of this instance',
  productsNotAvailable: 'A product is not available to this instance',
  // instance edit screens: the dialogs the spec describes without wording (docs/api.md
  // "Instances and subscriptions")
  upgradeRequired:
    'This feature is not included in your subscription. Please contact our sales team to upgrade your plan.',
  productsPermission:
    'Your subscription does not include this choice of products in the player. Please contact our sales team to upgrade your plan.',
  sourcesPermission:
    'Your subscription does not include choosing the songs and sources of the player. Please contact our sales team to upgrade your plan.',
  myAudioPermission:
    "My Audio (your brand's own songs in the player) is not included in your subscription. Please contact our sales team to upgrade your plan.",
  otherBrandsPermission:
    'Adding products from other brands needs the Other Brands Products feature. Enable it on the Features tab; your subscription must include it.',
  // New / Edit Instance and the General tab (the server says `general.name is required`)
  nameRequired: 'Name is required',
  productsGuideStep1: 'Select the products available in the player.',
  productsGuideStep2:
    'Choose up to three featured products (Feature in Player Slots 1-3) that the player loads by default.',
  productsGuideDefault:
    "By default all of your products in the instance's category are available. Products from outside your brand can be added for comparison if your subscription includes it.",
  // server answers for brand content (docs/api.md)
  productNotFound: 'Product not found',
  songNotFound: 'Song not found',
  instrumentNotFound: 'Source not found',
  categoryNotFound: 'Category not found',
  subCategoryNotFound: 'Sub category not found',
  customerNotFound: 'Customer not found',
  userNotFound: 'User not found',
  atkSongReadOnly: 'This song is provided by the platform and cannot be changed',
  /** A product's atk_songs section named a brand's song (docs/api.md "A product's ATK songs"). */
  notAtkSong: 'atk_songs must list platform (ATK) songs only',
  /** The operator's ATK song picker with nothing chosen. */
  selectAtkSong: 'Please select an ATK song',
  notAudio: 'The file is not an audio file this player can use (WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg)',
  /** `{minutes}`: the server's AUDIO_MAX_MINUTES. */
  audioTooLong: 'The audio is longer than {minutes} minutes, the longest this player accepts; upload a shorter file',
  notImage: 'The file is not an image (JPEG, PNG, WebP or GIF)',
  fileTooLarge: 'The file is too large',
  /** An audio file over AUDIO_MAX_BYTES: refused by the console before anything is sent, and by the server (413). */
  audioTooLarge: `The file is larger than ${AUDIO_MAX_MB} MB`,
  uploadLinkInvalid: 'The upload link is invalid or has expired',
  uploadLinkUsed: 'This upload link has already been used: ask for a new one',
  uploadMissing: 'The uploaded file was not found; please upload it again',
  // tooltips and the player's public API (docs/api.md "The player's public API")
  createTooltipSuccess: 'Create tooltip success',
  updateTooltipSuccess: 'Update tooltip success',
  tooltipNotFound: 'Tooltip not found',
  playerEventsTooMany: 'Too many player events from this address, please try again in a minute',
  statisticsFutureEnd: 'cannot be a future date',
  statisticsStartAfterEnd: 'must not be after end',
  statisticsRangeTooLong: 'must be at most 365 days before end (a range is at most 366 days)',
  // customers and plans (the not-found and self-delete answers are decided in docs/api.md "Customers and plans")
  createCustomerSuccess: 'Create customer success',
  updateCustomerSuccess: 'Update customer success',
  resetPasswordSuccess: 'Reset password success',
  confirmSuccess: 'Confirm success',
  createPlanSuccess: 'Create plan success',
  updatePlanSuccess: 'Update plan success',
  planNotFound: 'Plan not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  /** An operator's own account changes through its profile, never /admin/users (docs/api.md "Who manages whom"). */
  cannotChangeSelf: 'Change your own account from your profile',
  // server answers that the spec leaves open (documented in docs/api.md)
  ok: 'success',
  invalidCredentials: 'Incorrect email or password',
  tooManyAttempts: 'Too many attempts, please try again later',
  invitationInvalid: 'This invitation link is invalid',
  invitationUsed: 'This invitation link has already been used',
  invitationExpired: 'This invitation link has expired',
  resetInvalid: 'This password reset link is invalid',
  resetUsed: 'This password reset link has already been used',
  resetExpired: 'This password reset link has expired',
  originPasswordWrong: 'The current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  otherSessionsEnded: 'Your other sessions have been signed out',
  emailTaken: 'An account with this email already exists',
  brandNotFound: 'Brand not found',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  unauthorized: 'Authorization required',
  tokenInvalid: 'Authorization expired',
  forbidden: 'You do not have permission to do this',
  payloadTooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  internalError: 'Internal server error, please try again later',
  // text and URL rules of every field (docs/api.md "Text and URL rules"); the field's name goes before them
  textUnstorable: 'must not contain NUL characters or unpaired surrogates',
  httpUrlOnly: 'must be a web address (http:// or https://)',
  /** Profile phones: what `isPhoneLike` accepts. */
  phoneLike: 'must be a phone number: digits, spaces and + ( ) - .',
  /** After "<field> must be at most <n>": rich text is measured as stored (docs/api.md "Rich text"). */
  richTextCleanedLimit:
    'characters once cleaned (each & counts as &amp;, every tag is closed, links gain target and rel)',
  // the HTTP layer: slow clients, over-long requests, malformed forms (docs/api.md, "Slow and malformed requests")
  requestTimeout: 'The request took too long to arrive, please try again',
  headersTooLarge: 'The request URL or headers are too long',
  urlTooLong: 'Request URL is too long',
  badHttpRequest: 'The request is not valid HTTP',
  multipartMalformed: 'The form is not valid multipart/form-data (check its boundary and parts)',
  // landing page instance (docs/api.md "Client guide and the player's public read")
  landingInstanceNotPublished: 'The instance must be published (Active) to be the landing instance',
  // frequency graph bands (the bounds are ours: docs/api.md "Client guide and the player's public read"), after the
  // field's name
  frequencyHzRange: 'must be between 1 and 24,000 Hz',
  frequencyMaxAboveMin: 'must be above the min Hz',
  visitorIdRequired: 'is required unless privacy is strict',
  // a brand's state and scope (docs/api.md "A brand's state and scope")
  pendingFileTooLarge: 'Until an operator confirms your brand, each audio file may be at most 50 MB',
  pendingTooManyFiles: 'Until an operator confirms your brand, at most 10 audio files may be uploaded',
  registerReceived: 'Thank you for signing up! We sent you an email with the next steps',
  /** `{name}`: the other brand's name as stored. Confirming would make two live brands of one name. */
  brandConfirmClash: 'Another brand is already named "{name}": rename this brand before confirming it',
  brandPendingTitle: 'Your brand is waiting for an operator to confirm it',
  brandPendingBanner:
    'Until then your players are not public (visitors see "This player is not available."), your products are not offered to other brands and audio uploads are limited to 10 files of 50 MB each. Preview works as usual, and we will email you once your brand is confirmed.',
  publishAwaitsBrand: 'The player goes public once an operator confirms your brand; until then only Preview shows it.',
  integrationAwaitsBrand:
    'Your players go public once an operator confirms your brand; until then these snippets show visitors "This player is not available."',
  // screens that tell the truth (docs/api.md "Deleting a record in use", "Brand names")
  /** `{uses}`: '12 products and 3 instances'. A record others still refer to is not deleted. */
  usedBy: 'Used by {uses}',
  brandNameTaken: 'A brand with this name already exists',
  // the same rule for categories and for a brand's products (docs/api.md "Names")
  categoryNameTaken: 'A category with this name already exists',
  productNameTaken: 'This brand already has a product with this name',
} as const;

export type MessageKey = keyof typeof MSG;

/**
 * Labels of the console, verbatim from the specification (public screens and client shell, global and super
 * layouts, mobile widget operator area; where it is silent or uneven: docs/api.md
 * "Console decisions where the spec is silent"). Used by the console and the browser tests, so a button or menu
 * entry never drifts from the spec.
 */
export const LABEL = {
  // public site, sign-in, recovery, invitation
  signIn: 'SIGN IN',
  admin: 'ADMIN',
  learnHow: 'LEARN HOW',
  contactSales: 'Contact Sales',
  recoverAccount: 'Recover Account',
  resetPassword: 'Reset Password',
  termsAndConditions: 'Terms and Conditions',
  createAccount: 'Create Account',
  // self sign-up (/signup; the spec has the register call but names no screen: docs/api.md "Self sign-up")
  signUp: 'SIGN UP',
  createAnAccount: 'Create an account',
  welcome: 'Welcome',
  createProfile: 'Create Profile',
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  // profile password (POST /users/update_password; the labels are ours: docs/api.md "Changing the password")
  password: 'Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  changePassword: 'Change Password',
  // shells: the client's and the operators'
  supportTab: 'SUPPORT',
  support: 'Support',
  signOut: 'Sign out',
  /** The header button that opens the sidebar as a drawer on narrow screens (not in the spec: it has no phone layout). */
  menu: 'Menu',
  myBrand: 'My Brand',
  sales: 'Sales',
  privacy: 'Privacy',
  termsOfUse: 'Terms of Use',
  blog: 'Blog',
  superAdmin: 'Super Admin',
  saveChanges: 'SAVE CHANGES',
  // client sidebar
  groupContent: 'CONTENT',
  groupIntegration: 'INTEGRATION',
  groupAccount: 'ACCOUNT',
  groupSupport: 'SUPPORT',
  navProducts: 'Products',
  navMyPlayers: 'My Players',
  navProfile: 'Profile',
  navGuide: 'Guide',
  navIntegration: 'Integration',
  // global sidebar, groups as the spec writes them
  globalGroupBrands: 'Brands',
  globalGroupProducts: 'Products',
  globalGroupAudios: 'Audios',
  globalGroupPlayer: 'Player',
  globalGroupStatistics: 'Statistics',
  globalGroupCustomers: 'Customers',
  globalGroupPlans: 'Plans',
  globalGroupContent: 'Content',
  globalGroupIntegration: 'Integration',
  navManage: 'Manage',
  navOnboard: 'Onboard',
  navCategories: 'Categories',
  navInfoPages: 'Info Pages',
  navClientGuides: 'Client Guides',
  navLandingPage: 'Landing Page',
  navBrands: 'Brands',
  navAtk: 'ATK',
  // super sidebar
  groupBrands: 'BRANDS',
  groupCustomers: 'CUSTOMERS',
  groupTooltips: 'TOOLTIPS',
  // mobile widget operator sidebar
  groupSettings: 'SETTINGS',
  groupStatistics: 'STATISTICS',
  navInstances: 'Instances',
  navRetailers: 'Retailers',
  navWidgetContent: 'Widget Content',
  // lists and dialogs shared by the brand-content screens
  search: 'Search',
  reset: 'Reset',
  edit: 'Edit',
  delete: 'Delete',
  // one case for a dialog's two buttons (docs/api.md "Labels in one case")
  save: 'SAVE',
  cancel: 'CANCEL',
  statusActive: 'Active',
  /** A product list's tag on an older product saved without a category (docs/api.md "Products"). */
  noCategory: 'No category: not shown in players',
  statusPending: 'Pending',
  // operator consoles
  brands: 'Brands',
  newBrand: 'New Brand',
  editBrand: 'Edit Brand',
  manage: 'Manage',
  // customers, customer edit and plans
  customers: 'Customers',
  newCustomer: 'New Customer',
  editCustomer: 'Edit Customer',
  editFeatures: 'Edit Features',
  confirm: 'Confirm',
  customerEdit: 'CUSTOMER EDIT',
  plans: 'Plans',
  newPlan: 'New Plan',
  planEdit: 'PLAN EDIT',
  plan: 'Plan',
  // catalogue: categories, sub categories, songs, instruments (the edit pages' titles are ours)
  categories: 'Categories',
  newCategory: 'New Category',
  editCategory: 'Edit Category',
  categoryEdit: 'CATEGORY EDIT',
  subCategories: 'Sub Categories',
  newSubCategory: 'New Sub Category',
  editSubCategory: 'Edit Sub Category',
  subCategoryEdit: 'SUB CATEGORY EDIT',
  songs: 'Songs',
  /** A sub category's New Song button and dialog (the product Audio tab's is newSong). */
  newCatalogueSong: 'New Song',
  songEdit: 'SONG EDIT',
  instruments: 'Instruments',
  newInstrument: 'New Instrument',
  editInstrument: 'Edit Instrument',
  instrumentEdit: 'INSTRUMENT EDIT',
  // product list and product edit
  newProduct: 'New Product',
  productEdit: 'PRODUCT EDIT',
  tabGeneral: 'General',
  tabPrice: 'Price',
  tabImages: 'Images',
  tabAudio: 'Audio',
  tabListeningGuide: 'Listening Guide',
  tabDiscography: 'Discography',
  tabTechSpecs: 'Tech Specs',
  tabFrequencyGraph: 'Frequency Graph',
  imageHint: '1080x1080 minimum, square, 2 MB maximum',
  createNewSong: 'CREATE NEW SONG',
  newSong: 'NEW SONG',
  editSong: 'EDIT SONG',
  addToCrossComparableSong: 'ADD TO CROSS-COMPARABLE SONG',
  /** Issue 33: the new-song dialog's choice of kind, each with its one-line explanation. */
  songType: 'Song type',
  singleProductSong: 'Single-product song',
  singleProductSongHint: 'Recorded only through this product.',
  crossComparableSong: 'Cross-comparable song',
  crossComparableSongHint:
    'Recorded through several of your products: add each of them to it, so listeners can switch between them while it plays.',
  /** Issue 33: under each source of a cross-comparable song, the brand's products with a ready recording of it. */
  recordedBy: 'Recorded by',
  notRecordedYet: 'Not recorded by any product yet',
  newSource: 'NEW SOURCE',
  editSource: 'EDIT SOURCE',
  addSource: 'Add source',
  /** Issue 12: an operator attaches a platform song to a product; the ATK audios screen (/global/audios). */
  addAtkSong: 'ADD ATK SONG',
  atkAudios: 'ATK AUDIOS',
  upload: 'Upload',
  uploading: 'Uploading...',
  processedMp3: '320kbps mp3',
  audioProcessing: 'Processing…',
  audioReady: 'Ready',
  audioFailed: 'Failed',
  newDiscography: 'New Discography',
  editDiscography: 'Edit Discography',
  techBasics: 'BASICS',
  techAmpTra: 'AMPLIFIER & TRANSFORMER',
  techCapDia: 'CAPSULE & DIAPHRAGM',
  techPatterns: 'PATTERNS',
  techControls: 'CONTROLS (PADS, FILTERS, MODES)',
  techData: 'DATA',
  techPhysical: 'PHYSICAL',
  // instance list and instance edit
  newInstance: 'New Instance',
  editInstance: 'Edit Instance',
  instanceEdit: 'PLAYER INSTANCE EDIT',
  preview: 'Preview',
  previewAnyway: 'Preview anyway',
  /** The link from a product visitors will not see to its edit page, where its Status is set. */
  publishProduct: 'Publish it',
  duplicate: 'Duplicate',
  /** Not in the spec: the instance list's status actions (status 1 Active, 0 Pending). */
  publish: 'Publish',
  unpublish: 'Unpublish',
  tabFeatures: 'Features',
  tabProducts: 'Products',
  tabSources: 'Sources',
  tabBuyButton: 'Buy Button',
  launchCode: 'Launch Code',
  embeddedCode: 'Launch embedded Player Code',
  website: 'Website',
  synchronizeProductsSongs: 'Synchronize Products Songs',
  featureInPlayerSlots: 'Feature in Player Slots 1-3',
  done: 'DONE',
  image360: '360° Group',
  imageAdditional: 'Additional Image',
  buyButtonDefault:
    "Default destination for Buy Button unless user's currency matches an additional currency specified below",
  addBuyButton: 'Add new Buy Button destination',
  noLimit: 'No limit',
  buyButtonIf: "If user's currency is",
  buyButtonNavigate: 'navigate user to',
  buyButtonUrlPlaceholder: 'https://www.example.com/buy',
  add: 'Add',
  status: 'Status',
  sourcesByProduct: 'BY PRODUCT',
  addMyProducts: 'Add my products',
  addOtherProducts: 'Add other brands products',
  productsGuide: 'How it works',
  myBrandProducts: 'My products',
  otherBrandsProducts: 'Other brands products',
  upgradeTitle: 'Upgrade your subscription',
  permissionTitle: 'Not included in your subscription',
  // what a customer's plan leaves out, marked on the Features tab and named in the upgrade dialog
  notInPlan: 'Not in your plan',
  noLimitNotInPlan: 'No limit: not in your plan',
  notInPlanList: 'Not in your plan:',
  featureFrequencyGraphs: 'Frequency Graphs',
  featureProductsInPlayer: 'Products in Player',
  featureAtkSongs: 'ATK Songs',
  featureOtherBrandsProducts: 'Other Brands Products',
  featureMyAudio: 'My Audio',
  featureListenerVotes: 'Listener votes',
  featureAbxTest: 'ABX test',
  featureDisplayPrice: 'Display Price',
  // client guide tabs
  guideContent: 'Content',
  guidePlayers: 'Players',
  guideAudio: 'Audio',
  guideIntegrate: 'Integrate',
  // guide edit and info pages
  guideEdit: 'GUIDE EDIT',
  playerEdit: 'ATK PLAYER EDIT',
  minHz: 'Min Hz',
  maxHz: 'Max Hz',
  description: 'Description',
  // operator consoles: invitations, tooltips
  invitations: 'Invitations',
  sendInvitation: 'Send Invitation',
  brandOrigin: 'Brand Origin',
  existingBrand: 'Existing Brand',
  copyLink: 'Copy Link',
  copy: 'Copy',
  tooltips: 'Tooltips',
  newTooltip: 'New Tooltip',
  editTooltip: 'Edit Tooltip',
  // statistics: Statistics of users (ATK), Statistics of brands, Player instance analytics
  statisticsAtk: 'Statistics of users (ATK)',
  statisticsBrands: 'Statistics of brands',
  instanceAnalytics: 'PLAYER INSTANCE ANALYTICS',
  /** The client sidebar's entry and page title (a customer sees its own brand's statistics). */
  navStatistics: 'Statistics',
  analytics: 'Analytics',
  tabDailyNewUsers: 'Daily New Users',
  tabTotalUsers: 'Total Users',
  tabDailyLaunches: 'Daily Launches',
  tabLaunchesDaily: 'Launches Daily',
  dateRange: 'Date range',
  brand: 'Brand',
  instance: 'Instance',
  all: 'All',
  totalLaunches: 'Total launches',
  uniqueUsers: 'Unique users',
  newUsers: 'New users',
  date: 'Date',
  totalUsers: 'Total users',
  total: 'Total',
  visitorId: 'ID',
  signInCount: 'Sign in count',
  lastSignIn: 'Last sign in',
  signUpUrl: 'Sign up url',
  signUpAt: 'Sign up at',
  country: 'Country',
  stateProvince: 'State/Province',
  city: 'City',
  product: 'Product',
  plays: 'Plays',
  listeningTime: 'Listening time',
  // readable visitors and All brands (docs/api.md "Statistics")
  allBrands: 'All brands',
  visitor: 'Visitor',
  firstSeen: 'First seen',
  place: 'Place',
  signUpPage: 'Sign-up page',
  launches: 'Launches',
  unknownPlace: 'Unknown',
  // mobile widget operator area (the edit page titles are ours)
  mobileInstanceEdit: 'MOBILE INSTANCE EDIT',
  instanceName: 'Instance name',
  lastUpdated: 'Last updated',
  createdAt: 'Created at',
  syncProducts: 'Sync Products',
  name: 'Name',
  active: 'Active',
  featured: 'Featured',
  featuredOrder: 'Featured Order',
  playerPosition: 'Player Position',
  placementPriority: 'Placement Priority',
  sort: 'Sort',
  price: 'Price',
  model: 'Model',
  optionTrue: 'True',
  optionFalse: 'False',
  retailers: 'Retailers',
  retailer: 'Retailer',
  newRetailer: 'New Retailer',
  editRetailer: 'Edit Retailer',
  statusInactive: 'Inactive',
  retailerLogo: 'Logo',
  widgetContent: 'Widget Content',
  tabMenu: 'Menu',
  menuHint: 'Tick the entries the widget menu shows; the arrows set their order.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  mobileStatistics: 'Product statistics',
  tabPlayedTimes: 'Played Times',
  tabListeningTime: 'Listening Time',
  totalPlays: 'Total',
  totalTime: 'Total time',
  /** Beside each statistics figure: what ingestion refused as forged or over a cap (docs/api.md). */
  dropped: 'Dropped',
  /** `{count}`: launches in strict privacy mode in the range (docs/api.md "What the statistics store, and for how long"). */
  strictLaunchesNote: 'Not available for the {count} launches in strict privacy mode (no visitor is kept across days).',
  /** Shown beside each dropped count, so the figure explains itself. */
  droppedHint:
    'Dropped events are left out of the figures: they came without a valid launch token, or over a visitor or address cap.',
  // invitations list (docs/api.md "Operators")
  invitationState: 'State',
  invitationPending: 'Pending',
  invitationAccepted: 'Accepted',
  invitationExpired: 'Expired',
} as const;
