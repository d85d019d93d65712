export const productsSdl = /* GraphQL */ `
  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }

  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }

  enum ProductVariantSortKeys {
    FULL_TITLE
    ID
    INVENTORY_LEVELS_AVAILABLE
    INVENTORY_MANAGEMENT
    INVENTORY_POLICY
    INVENTORY_QUANTITY
    NAME
    POPULAR
    POSITION
    RELEVANCE
    SKU
    TITLE
  }

  enum MediaContentType {
    EXTERNAL_VIDEO
    IMAGE
    MODEL_3D
    VIDEO
  }

  enum MediaStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  enum MediaPreviewImageStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  type MediaPreviewImage {
    image: Image
    status: MediaPreviewImageStatus!
  }

  interface Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    preview: MediaPreviewImage
    status: MediaStatus!
  }

  type MediaImage implements Media & Node {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    preview: MediaPreviewImage
    status: MediaStatus!
    image: Image
  }

  type MediaEdge {
    cursor: String!
    node: Media!
  }

  type MediaConnection {
    edges: [MediaEdge!]!
    nodes: [Media!]!
    pageInfo: PageInfo!
  }

  type ProductOption implements Node {
    id: ID!
    name: String!
    position: Int!
    values: [String!]!
  }

  type SelectedOption {
    name: String!
    value: String!
  }

  type Product implements Node & HasMetafields & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    vendor: String!
    productType: String!
    status: ProductStatus!
    tags: [String!]!
    descriptionHtml: HTML!
    createdAt: DateTime!
    updatedAt: DateTime!
    hasOnlyDefaultVariant: Boolean!
    totalInventory: Int!
    options(first: Int): [ProductOption!]!
    featuredMedia: Media
    featuredImage: Image @deprecated(reason: "Use featuredMedia instead.")
    images(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ImageConnection!
      @deprecated(reason: "Use media instead.")
    media(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): MediaConnection!
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductVariantConnection!
    variantsCount: Count
    metafield(namespace: String, key: String!): Metafield
    metafields(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      namespace: String
      keys: [String!]
    ): MetafieldConnection!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type ProductVariant implements Node & HasMetafields & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    displayName: String!
    sku: String
    barcode: String
    price: Money!
    compareAtPrice: Money
    position: Int!
    taxable: Boolean!
    availableForSale: Boolean!
    inventoryQuantity: Int
    selectedOptions: [SelectedOption!]!
    image: Image @deprecated(reason: "Use \`media\` instead.")
    media(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): MediaConnection!
    product: Product!
    inventoryItem: InventoryItem!
    createdAt: DateTime!
    updatedAt: DateTime!
    metafield(namespace: String, key: String!): Metafield
    metafields(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      namespace: String
      keys: [String!]
    ): MetafieldConnection!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  extend type Query {
    product(id: ID!): Product
    productByHandle(handle: String!): Product @deprecated(reason: "Use productByIdentifier instead.")
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductConnection!
    productsCount(query: String, limit: Int = 10000): Count
    productVariant(id: ID!): ProductVariant
    productVariants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductVariantConnection!
    productVariantsCount(query: String, limit: Int = 10000): Count
  }
`;
