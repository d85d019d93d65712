// The admin pages in English (App Store reviewers and English-speaking merchants).
import { readinessEn } from "./readiness.en";
import { numbersEn } from "./numbers.en";
import { settingsEn } from "./settings.en";
import { nextStepsEn } from "./next-steps.en";
import { loginEn } from "./login.en";
import { warehouseEn } from "./warehouse.en";
import type { Messages } from "./messages.es";

export const en: Messages = {
  nav: {
    home: "Home",
    orders: "Orders",
    catalog: "Catalogue",
    warehouse: "Warehouse",
    rates: "Rates",
    settings: "Settings",
    privacy: "Privacy",
  },
  home: {
    title: "Home",
    problems: {
      offlineTokenRevoked: {
        title: "Shopify refused the app's access to your store",
        body: "Since {since}, background work (sending orders to the warehouse, stock, tracking) cannot read or write in Shopify because Shopify refused the app's token. To authorise it again, open the app from the Shopify admin; this notice goes away as soon as background work reaches Shopify again. If it stays, reinstall the app.",
      },
    },
    variantsSynced: "Variants registered",
    variantsNeedingWork: "Variants skipped, refused or out of date",
    ordersSubmitted: "Orders sent to the warehouse",
    ordersNeedingAttention: "Orders that need attention",
    ordersAwaitingStock: "Orders waiting for stock",
    setup: {
      title: "Set up your shop",
      progress: "{done} of {total} steps done",
      done: "Done",
      steps: {
        connect: {
          title: "Connect your service account",
          body: "Type your API key in Settings. The app checks it with the service and stores it encrypted.",
          action: "Go to Settings",
        },
        catalog: {
          title: "Sync your catalogue",
          body: "Register your products with the service so the warehouse can fulfil them. Variants without a SKU or a weight are left out, and Catalogue tells you why.",
          action: "Go to Catalogue",
        },
        readiness: {
          title: "Show our rates at checkout",
          body: "Go through the «Ready for checkout» list on this page: each open item says how to fix it.",
          action: "",
        },
        testQuote: {
          title: "Run a test quote",
          body: "In Rates, pick a destination and a cart: you see the rates as your buyer will, without going through checkout.",
          action: "Go to Rates",
        },
        orders: {
          title: "How your orders reach the warehouse",
          body: "When an order is paid, the app waits the minutes you choose in Settings (in case you cancel it) and sends it to the warehouse with the shipping service the buyer chose. The tracking number reaches Shopify when the warehouse ships it. If something stops it, the order shows in Orders as «needs attention», with what to do.",
          action: "See the order settings",
        },
      },
      understood: "Got it",
    },
    daily: {
      title: "Your orders",
      inTransit: "Orders shipped",
      delivered: "Orders delivered",
    },
    details: {
      show: "Show technical details",
      hide: "Hide technical details",
    },
    quotesTitle: "Checkout rates (last 24 hours)",
    quotes: "Quotes",
    withRates: "With rates",
    stale: "With recent rates (service down)",
    fromCache: "From cache",
    answerTime: "Answer time (median / p99)",
    chart: {
      title: "Quotes per hour",
      description:
        "Last 24 hours, per hour: bars, median answer time in milliseconds; dots, share answered from the cache.",
      answerTime: "Median time",
      cacheShare: "From cache",
      hour: "Hour",
      quotes: "Quotes",
      empty: "No quotes in the last 24 hours yet; they appear as buyers reach checkout.",
      table: "See the data per hour",
    },
  },
  catalog: {
    title: "Catalogue",
    notConnected: "Connect your service account to register the catalogue.",
    syncTitle: "Sync with the service",
    syncButton: "Sync catalogue",
    sending: "Registering variants at the service: {done} of {total}",
    reading: "Reading variants from Shopify: {done} of {total}",
    alreadyRunning: "A sync is already running; the button comes back when it ends.",
    lastCompleted: "Last complete sync: {at}",
    lastFailed: "The last sync did not finish: {at}",
    status: "Status",
    search: "Search by SKU or name",
    searchButton: "Search",
    empty: "No variants match this filter.",
    page: "Page {page} of {pages}",
    noSku: "no SKU",
    noValue: "not recorded",
    difference: "{measure}: {service} at the service → {store} in Shopify",
    lookupTitle: "Look a SKU up at the service",
    lookupHelp: "Compares what the service has registered with what Shopify holds now.",
    lookupSku: "SKU",
    lookupButton: "Look up",
    lookupNotFound: "The service has no SKU “{sku}”.",
    lookupFound: "The service has SKU “{sku}”: {name}",
    lookupFailed: "The service could not be asked. {error}",
    lookupNotConnected: "Connect your service account to look SKUs up.",
    lookupNotInShopify: "No Shopify variant has this SKU.",
    lookupShopifyVariant: "In Shopify: {title} ({status})",
    lookupSame: "The measures match Shopify.",
    lookupMeasure: "Measure",
    lookupService: "At the service",
    lookupShopify: "In Shopify",
    lookupSkuError: "Enter a SKU of up to 100 characters.",
    emptyCatalogueTitle: "No variants yet",
    emptyCatalogueBody: "Sync the catalogue to read your products from Shopify and register them at the service.",
    emptyFilterTitle: "No variants match",
    clearFilters: "Clear filters",
    unknownAction: "Unknown action.",
    reasons: {
      notShippable: "Needs no shipping (e.g. a gift card or digital product): not registered at the service.",
      noSku: "It has no SKU. Give the variant a unique SKU in Shopify to register it at the service.",
      noWeight: "It has no weight (or 0). Enter the variant's weight in Shopify, then sync again.",
      belowHalfGram: "It weighs less than half a gram: check the weight entered in Shopify.",
      unknownWeightUnit: "The weight is in an unknown unit.",
      invalidWeight: "The weight entered is not valid.",
      invalidDimensions: "Incomplete or invalid dimensions on {where}: {problems}.",
      tooLarge: "The dimensions are too large for the service (volume above 999,999,999 cm³).",
      noDimensions:
        "It has no dimensions: in Shopify, add the metafields {length}, {width} and {height} (in cm) to the variant or product, then sync again.",
      duplicateSku:
        "Duplicate SKU: {sku} is also used by {others}. Each variant needs a unique SKU to be registered at the service.",
      deleted: "Deleted in Shopify.",
      deletedRegistered:
        "Deleted in Shopify. The service cannot delete or change products: it stays registered there as it was sent.",
      pendingNew: "Queued to be registered at the service.",
      pendingCheck: "Changed in Shopify: queued to be compared with what the service has.",
      accountSwitched: "You switched the service account or environment: queued to be registered there.",
      disconnected: "You disconnected the service account: it is registered again when you connect one.",
      noShopifyData: "No data from Shopify.",
      alreadyThere: "SKU {sku} was already registered at the service (id {id}); linked without sending it again.",
      changedAfterRegistering:
        "Changed in Shopify after it was registered. The service cannot update products: to use the new measures, register the variant under a new SKU or ask the service to correct the product.",
      existedWithOtherData:
        "The SKU was already registered at the service with other data. The service cannot update products: register the variant under a new SKU or ask the service to correct the product.",
      barcodeTaken:
        "Barcode {upc} is already registered at the service for SKU {sku}. Each product needs a unique barcode: change it in Shopify, then sync again.",
      serviceError: "The service refused to register it. {error}",
      serviceRefused: "The service refused it: {said}",
    },
    reasonParts: {
      variant: "the variant",
      product: "the product",
      other: "“{name}”",
      otherRegistered: "“{name}” (already registered at the service)",
      stillRegistered: "It stays registered at the service with what was sent before.",
    },
    dimensionProblems: {
      missing: "{metafield} is missing",
      unreadable: "{metafield} holds a value that cannot be read ({detail})",
      unknownUnit: "{metafield} is in an unknown unit ({detail})",
      notNumber: "{metafield} is not a number ({detail})",
      notPositive: "{metafield} must be greater than zero",
      tooLarge: "{metafield} is too large",
    },
    syncErrors: {
      interrupted: "The sync was interrupted before it finished.",
      disconnected:
        "The shop was disconnected from the service during the sync. Connect your account in Settings to register the catalogue.",
      shopifyBusy:
        "Shopify is busy with another bulk read of the app in this shop; the catalogue read waits for it to finish.",
      bulkReadFailed: "Shopify did not finish reading the catalogue: {why}",
      resultUnavailable: "The result of the catalogue read could not be downloaded from Shopify.",
      resultUnreadable: "The result of the catalogue read that Shopify delivered could not be read.",
      shopifyThrottled: "Shopify limited the app's queries for making too many requests.",
      shopifyProviderAccess:
        "Shopify is not letting the app in for now. The app's provider is already fixing its access; there is nothing for you to do: the sync waits and carries on where it was.",
      shopifyDenied:
        "Shopify denied the app access to the catalogue. Open the app from the Shopify admin and accept the permissions it asks for.",
      shopifyError: "Shopify answered with an error while reading the catalogue.",
      network: "Shopify or the service could not be reached.",
      serviceError: "The service answered with an error. {error}",
      failed: "The sync could not finish. If it happens again, contact support.",
    },
    syncErrorParts: {
      retrying: "It will be retried automatically; you don't need to do anything.",
      stopped: "The sync stopped: press “Sync catalogue” to start it again.",
    },
    bulkReadFailures: {
      canceled: "the read was cancelled.",
      expired: "the read took too long and expired.",
      timeout: "the read timed out.",
      accessDenied: "the app lacks permission to read part of the catalogue.",
      shopifyError: "Shopify had an internal error.",
      gone: "Shopify no longer knows the read.",
    },
    syncStarted: "Sync started: first the variants are read from Shopify, then registered at the service.",
    errors: {
      status: "Unknown status in the link; showing every variant.",
      q: "The search takes up to 100 characters.",
      page: "Invalid page number in the link; showing the first.",
    },
    filters: {
      all: "All",
      registered: "Registered or already there",
      needs_work: "Skipped, refused or out of date",
      pending: "Pending",
      synced: "Registered",
      exists_at_service: "Already at the service",
      skipped: "Skipped",
      failed: "Refused",
      drifted: "Out of date at the service",
      deleted: "Deleted in Shopify",
    },
    measures: {
      peso: "Weight (g)",
      largo: "Length (cm)",
      ancho: "Width (cm)",
      altura: "Height (cm)",
      volumen: "Volume (cm³)",
    },
  },
  attention: {
    title: "Needs attention",
    unreadableTitle: "Order notification the app could not read",
    unreadableBody:
      "Shopify sent {topic} ({at}), but its content is not in the expected shape, so the app could not read it.",
    fields: "What could not be read: {fields}.",
    topics: {
      "orders/paid": "a paid-order notification",
      "orders/updated": "an order-updated notification",
      "orders/cancelled": "an order-cancelled notification",
      "orders/edited": "an order-edited notification",
      other: "an order notification",
    },
    payloadParts: {
      id: "the order's internal number",
      name: "the order's name",
      line_items: "the products",
      shipping_address: "the shipping address",
      billing_address: "the billing address",
      customer: "the customer",
      shipping_lines: "the shipping method",
      financial_status: "the payment status",
      order_edit: "the order's edit",
      other: "other order data",
    },
    orderNamed: "The notification is about Shopify order {id}.",
    noOrder:
      "The notification does not say which order it is about: find it in Shopify and use «Send to warehouse now» on its page.",
    send: "Send order {id}",
    reread: "Read order {id} from Shopify again",
    dismiss: "Dismiss",
    jobTitle: "Not completed: {kind}",
    jobFailed: "Tried {attempts} times (the last: {at})",
    jobFailing: "The last run failed ({at}); it is tried again on its own",
    retry: "Retry now",
    outcomes: {
      retried: "It is tried again now.",
      dismissed: "Dismissed.",
      reread: "The order is read from Shopify again and decided on its current state.",
      notFollowed:
        "The app does not follow that order (it never received it paid): there is nothing to read again. You can dismiss the notice.",
      notFound: "It is no longer pending (perhaps already resolved): reload the page.",
      invalidId: "The action does not say which item: reload the page.",
      noOrderId: "The notification does not say which order it is about: find it in Shopify.",
    },
    jobErrors: {
      shopifyFailed:
        "Shopify did not answer as expected. Try again in a few minutes; if it persists, contact the app's support.",
      shopifyRefused:
        "Shopify refused the change the app tried to make. Check the order or the product in Shopify and try again; if it persists, contact the app's support.",
      shopifyProviderAccess:
        "Shopify is not letting the app in for now. The app's provider is already fixing its access; there is nothing for you to do: your orders keep their place and the app carries on by itself as soon as Shopify lets it in.",
      shopifyAccess:
        "Shopify did not give the app access to do it. Open the app from the Shopify admin to authorise it again, then try again.",
      notCoded: "The app did not record what failed. Try again; if it persists, contact the app's support.",
    },
    jobs: {
      submit: "read the order in Shopify and send it to the warehouse",
      poll: "follow the order at the service and pass tracking to Shopify",
      note: "write the shipping status on the Shopify order",
      resolve: "find the order of a fulfilment order",
      catalogSync: "catalogue sync",
      product: "register a product with the service",
      reconcile: "review orders in Shopify",
      stock: "pass the warehouse's stock to Shopify",
      requests: "read fulfilment requests from Shopify",
      flowTrigger: "tell Shopify Flow about a change at the warehouse",
    },
  },
  rates: {
    title: "Rate tester",
    intro:
      "Quote a cart from your catalogue to a destination in Mexico and see the exact rates checkout would show, from the same function that answers Shopify, without going through checkout.",
    destination: "Destination",
    postalCode: "Postal code",
    state: "State",
    chooseState: "Choose a state",
    city: "City or borough",
    address1: "Street and number",
    address2: "Neighbourhood and unit",
    optional: "Optional: does not change the rate.",
    cart: "Cart",
    product: "Product {n}",
    chooseProduct: "Choose a product",
    unregistered: "not registered at the service",
    quantity: "Quantity {n}",
    addLine: "Add product",
    removeLine: "Remove product {n}",
    subtotal: "Cart subtotal",
    subtotalHelp: "What the buyer pays for the products, before shipping; it decides free shipping.",
    submit: "Get rates",
    serviceName: "Service: {service}",
    emptyTitle: "No products are registered at the service yet",
    emptyBody: "Sync your catalogue to test rates with your own products.",
    emptyAction: "Go to Catalogue",
    notConnectedTitle: "Connect your service account to test rates",
    notConnectedBody: "Rates are quoted with your service account: enter your API key in Settings.",
    notConnectedAction: "Go to Settings",
    resultTitle: "What the buyer sees",
    answeredIn: "Answered in {ms} ms",
    fromCache: "from the cache: an identical quote from moments ago, as checkout would get it",
    fromService: "asking the service",
    withRates: "Checkout shows {count} rates from this service.",
    withOneRate: "Checkout shows 1 rate from this service.",
    notServed:
      "The service does not deliver to this postal code: checkout shows none of its rates. The buyer sees your other shipping rates, or “No shipping methods available” if you have none.",
    noRates: "Checkout shows no rates from this service for this cart (nothing to ship or destination not served).",
    fallback: "The service could not quote, so checkout shows your fixed rates. {detail}",
    backup: "The service could not quote, so Shopify shows its backup rates. {detail}",
    notQuoted: "The shop is not connected: checkout gets no rates from this service.",
    service: "Rate",
    price: "Price (MXN)",
    delivery: "Delivery",
    rules: "What changed",
    between: "{from} – {to}",
    noDate: "No date",
    free: "Free",
    unchanged: "The service's price, unchanged",
    quoted: "Service price: {price}, up to {days} business days",
    quotedOneDay: "Service price: {price}, up to 1 business day",
    quotedSameDay: "Service price: {price}, same day",
    fallbackRate: "Your fixed backup rate",
    markup: "Markup ({parts}): {from} → {to}",
    markupPercent: "{percent} %",
    rounding: "Rounding: {from} → {to}",
    freeShipping: "Free shipping: the subtotal reaches {threshold} (was {from})",
    renamed: "Name: “{from}” → “{to}”",
    handlingDays: "+{days} business days of handling",
    hidden: "Hidden by your rules: {services}",
    errors: {
      postalCode: "Enter a 5-digit postal code, e.g. 06500.",
      province: "Choose the destination's state.",
      city: "Enter the city or borough.",
      tooLong: "Enter at most 200 characters.",
      product: "Choose a product from the catalogue.",
      cart: "Add at least one product.",
    },
  },
  orders: {
    title: "Orders",
    reconciledAt: "Orders last checked in Shopify: {at}",
    neverReconciled: "Orders in Shopify have not been checked yet (they are checked every 30 minutes once connected).",
    received: "Received, to be read from Shopify",
    receivedAt: "{order} · paid {at}",
    goesAt: "Goes to the warehouse: {at}",
    goesOnRelease: "Goes to the warehouse when Shopify releases the hold.",
    status: "Status",
    all: "All ({count})",
    search: "Search by order number, tracking number or service order",
    searchPlaceholder: "#1001",
    placedAt: "Ordered {at}",
    destination: "To: {city}",
    items: "{count} items",
    itemsOne: "1 item",
    total: "Total: {total}",
    exportCsv: "Download CSV",
    csv: {
      order: "Order",
      placedAt: "Date",
      status: "Status",
      city: "Destination city",
      items: "Items",
      total: "Total",
      currency: "Currency",
      service: "Shipping service",
      serviceOrder: "Service order",
      trackingNumber: "Tracking number",
      trackingCompany: "Carrier",
    },
    searchButton: "Search",
    clearFilters: "Clear filters",
    shopDefault: "(the shop's default service)",
    serviceOrder: "Order at the service: {id}",
    serviceStatus: "status at the service: {status}",
    tracking: "Tracking: {company}",
    select: "Select {order}",
    selectAll: "Select all that can be retried ({count})",
    cancelledNoRetry: "Cancelled in Shopify: it cannot be retried.",
    retrySelected: "Retry selected ({count})",
    retry: "Retry",
    svcOrderIdLabel: "Order id at the service",
    confirmExists: "It exists at the service",
    confirmAbsent: "It does not exist: send it",
    sendMissing: "Send the rest to the warehouse",
    leaveForRefund: "Leave it for a refund",
    missingLines: "Not shipped: {lines}",
    bulkDone: "Retries: {ok} of {total} accepted.",
    page: "Page {page} of {pages}",
    timelineShow: "Show history ({count})",
    timelineHide: "Hide history",
    timelineTitle: "History of {order}",
    timelineMoved: "{from} → {to}",
    timelineEmpty: "No events recorded for this order yet.",
    emptyTitle: "No orders yet",
    emptyBody:
      "When a customer pays for an order it shows here with its way: sent to the warehouse, its status at the service, shipped and its tracking.",
    noMatchTitle: "No orders match",
    noMatchBody: "No orders with the status “{status}” containing “{q}”. Change or clear the filters.",
    noMatchStatus: "No orders with the status “{status}”.",
    noMatchSearch: "No orders whose number contains “{q}”.",
    errors: {
      status: "Unknown status: “{value}”.",
      q: "The search takes up to {max} characters.",
      intent: "Unknown action: “{value}”.",
      page: "Invalid page number in the link; showing the first.",
      fulfillmentIds: "Select between 1 and {max} orders.",
    },
    kinds: {
      webhook: "Shopify",
      submission: "To the warehouse",
      service: "Service",
      tracking: "Tracking",
      merchant: "You",
      attention: "Attention",
      wait: "Waiting",
    },
    sentFilter: "Sent to the warehouse",
    statuses: {
      waiting: "Waiting",
      pending: "To send",
      submitting: "Sending to the warehouse",
      submitted: "At the warehouse",
      in_progress: "Being prepared",
      shipped: "Shipped",
      delivered: "Delivered",
      needs_attention: "Needs attention",
      unknown_outcome: "Unconfirmed",
      skipped: "Skipped",
      awaiting_stock: "Waiting for stock",
    },
    outcomes: {
      followed: "{order} is followed at the service again.",
      willSend: "{order} will be sent to the warehouse.",
      confirmedExists: "{order} follows service order {svcOrderId}.",
      stockSyncRequested: "An inventory sync was requested.",
      stockSyncOff: "Stock sync is off; switch it on in Settings.",
      notFound: "No such order.",
      notWaitingConfirmation: "{order} is no longer waiting for a confirmation.",
      notRetryable: "{order} cannot be retried in its current status.",
      cancelledNotRetryable: "{order} is cancelled in Shopify: it is not sent to the warehouse again.",
      missingSvcOrderId: "Enter the order id at the service.",
      notConnected: "The shop is not connected to the service.",
      serviceUnreachable: "The service could not be asked about order {svcOrderId}. {error}",
      serviceHasNoOrder: "The service has no order {svcOrderId}.",
      serviceOrderOfAnother: "Service order {svcOrderId} belongs to {other}, not {order}.",
      serviceOrderOfAnotherPart:
        "Another part of {other} already follows service order {svcOrderId}: it is not this part's.",
      serviceOrderOtherLines:
        "Service order {svcOrderId} holds {found}, not what was sent for this part of {order} ({sent}).",
      redacted: "The data of {order} is no longer held (erased at the customer's request).",
      raced: "{order} changed meanwhile; reload the page.",
      unknownAction: "Unknown action.",
      invalidRecordId: "The order given is not valid.",
      leftForRefund: "{order} is followed to delivery; refund {missing} in Shopify.",
      notShort: "{order} is not waiting for a choice about a short shipment.",
      chooseForShort: "{order} shipped short: send the rest to the warehouse or leave it for a refund.",
      notAddressHeld: "{order} is not held for its address.",
      readAgain: "{order} is read from Shopify again; what should ship from the warehouse goes there now.",
      nothingToPush: "Every part of the order is already with the warehouse, on its way there or waiting.",
      shopifyUnreadable: "Shopify could not be read; try again in a moment.",
      noSuchShopifyOrder: "Shopify has no such order.",
      notPaid: "{order} is not paid ({financialStatus}).",
      handled: "{order} is marked handled; your note is in its history.",
      noteMissing: "Write a note saying how you handled {order}.",
      noteTooLong: "The note takes up to {max} characters; you wrote {length}.",
      notAttention: "{order} does not need attention: there is nothing to mark handled.",
      notOffered: "{order}: that action does not resolve its current state; use the ones the order shows.",
      refreshed: "{order}: status at the service read now: {svcStatus}.",
      refreshRequested: "{order}: the status was asked of the service; this page shows it once reloaded.",
      noServiceOrder: "{order} has no order at the service yet: there is no status to read.",
    },
    fields: {
      recipient: "Recipient",
      phone: "Phone",
      street: "Street",
      exteriorNumber: "Exterior number",
      interiorNumber: "Interior number",
      neighborhood: "Colonia",
      city: "City",
      state: "State",
      postalCode: "Postal code",
      country: "Country",
    },
    warnings: {
      stateMismatch: "Postal code {cp} is in {byCp}, not {state}; check the address.",
      unknownState: "Unknown state “{given}”; sent as given.",
      unknownStateFromPostalCode: "Unknown state “{given}”; sent {state}, the state of postal code {cp}.",
      noStateFromPostalCode: "No state given; sent {state}, the state of postal code {cp}.",
      noState: "No state given.",
      noCountry: "No country given; assumed Mexico from the state and postal code.",
      noCity: "No city given.",
      noPhone: "No phone number; the service needs one reachable by WhatsApp.",
      phoneNot10Digits: "Phone “{phone}” is not a 10-digit Mexican number; sent as given.",
      noPostalCode: "No postal code given.",
      postalCodeFourDigits: "Postal code “{given}” has four digits; sent “{sent}”.",
      postalCodeInvalid: "“{given}” is not a valid Mexican postal code; sent “{sent}”.",
      postalCodeFromLine: "No postal code given; took {cp} from the address line.",
      postalCodeInLine: "An address line mentions postal code {cp}; sent {sent}.",
      recipientFromCompany: "No recipient name; sent the company name.",
      noRecipient: "No recipient name given.",
      lotAsStreet: "No street name; sent the block and lot “{lot}” as the street.",
      noStreet: "No street name found in the address lines.",
      noExteriorNumber: "No exterior number found; sent “S/N”.",
      noColonia: "No colonia found; the service requires one.",
      buildingAfterNumber:
        "Took “{text}” after the house number as a building's name; sent it in the interior reference.",
      interiorAfterNumber: "Took “{text}” after the house number as the interior number.",
      interiorWithoutLabel: "No “Int.” label; took “{text}” as the interior number.",
      building: "Took “{text}” as a building's name; sent it in the interior reference.",
      coloniaWithoutLabel: "No “Col.” label; took “{text}” as the colonia.",
      unclearKeptInStreet: "Could not tell what “{text}” is; kept it in the street.",
      unclearAsInterior: "Could not tell what “{text}” is; sent it as the interior reference.",
    },
    addressHold: {
      notes: {
        noExteriorNumber: "The shipping address has no exterior number. Ask the buyer for it and correct the order.",
        postalCodeState:
          "Postal code {cp} is in {byCp}, not {state}. Confirm the postal code and state with the buyer.",
        destinationNotServed:
          "The shipping service does not reach postal code {cp}. Confirm the postal code with the buyer, or a delivery address it covers.",
      },
      whatsapp: {
        noExteriorNumber:
          "Hola, gracias por tu pedido {order}. Para enviarlo nos falta el número exterior de tu dirección de entrega. ¿Nos lo compartes?",
        postalCodeState:
          "Hola, gracias por tu pedido {order}. El código postal {cp} de tu dirección de entrega no corresponde a {state}. ¿Nos confirmas tu código postal y tu estado?",
        destinationNotServed:
          "Hola, gracias por tu pedido {order}. Nuestro servicio de envío no tiene cobertura en el código postal {cp}. ¿Nos confirmas tu código postal o nos das otra dirección de entrega?",
      },
      whatsappLink: "Message the buyer on WhatsApp",
      sendAsItStands: "Send as it stands",
      sendAsItStandsHelp: "Releases the app's hold and sends the order to the warehouse with the address as it is.",
    },
    reasonNotCoded: "An earlier version of the app recorded the reason; check the history or retry.",
    warningNotCoded: "an earlier version of the app recorded this warning; check the address in Shopify.",
    otherField: "Address",
    svcStatuses: {
      WAITING: "received at the warehouse, to be picked",
      PICK: "being picked at the warehouse",
      PACK: "being packed at the warehouse",
      READY_TO_GO: "ready to leave the warehouse",
      IN_TRANSIT: "on its way with the carrier",
      DELIVERED: "delivered",
      OTHER: "“{status}” (a status the app does not know)",
    },
    reasons: {
      merchantSentAsItStands:
        "Sent as it stands by the merchant: the app's hold is released and it goes with the address as it is.",
      addressHeldNoNumber:
        "On hold in Shopify: the shipping address has no exterior number; it goes to the warehouse once the address is corrected in Shopify.",
      addressHeldPostalCode:
        "On hold in Shopify: postal code {cp} is in {byCp}, not {state}; it goes to the warehouse once the address is corrected in Shopify.",
      addressHeldNotServed:
        "On hold in Shopify: the service does not deliver to postal code {cp}; it goes to the warehouse once the address is corrected in Shopify.",
      cancelledInShopify: "The order was cancelled in Shopify.",
      partCancelled: "This part of the order was cancelled in Shopify.",
      alreadyFulfilled: "This part of the order is already fulfilled or closed in Shopify.",
      incomplete: "Shopify could not complete this part of the order.",
      testOrder: "Test order; the shop's settings skip test orders.",
      pickUp: "The buyer picks it up in store; the warehouse only ships parcels.",
      pickupPoint: "It goes to a pickup point; the warehouse only ships parcels.",
      localDelivery: "It is a local delivery by the shop; the warehouse only ships parcels.",
      retail: "It was sold in person (point of sale); the warehouse only ships parcels.",
      noDelivery: "It needs no delivery; the warehouse only ships parcels.",
      notShipped: "Its delivery method is not a parcel shipment; the warehouse only ships parcels.",
      otherLocation: "It is assigned to another Shopify location, which the warehouse does not fulfil.",
      onHold: "On hold in Shopify; it goes to the warehouse when the hold is released.",
      scheduled: "Scheduled in Shopify for a later date; it goes to the warehouse then.",
      heldBack: "Held back {minutes} minutes after payment, so changes and cancellations never reach the warehouse.",
      nothingLeft: "Nothing in this part of the order is left to ship from the warehouse.",
      noSku: "Line {lines} has no SKU; the warehouse identifies products by SKU (add one to the variant, then retry).",
      noAddress: "The order has no shipping address (local pickup?).",
      customerDataWithheld:
        "Shopify withheld the buyer's name, address and phone (protected customer data), so it was not sent to the warehouse. Request protected customer data access in the Partner Dashboard, then retry.",
      outsideMexico: "The destination is in {country}, outside Mexico, the only country the service ships to.",
      notConnected: "The shop is not connected to the service.",
      noDimensions:
        "Product {product} has no dimensions at the service, so it cannot be shipped. Register its dimensions in Catalogue, then retry.",
      destinationNotServed:
        "The service does not cover this order's destination: none of its carriers delivers there. Ship it another way; only if the buyer gave a wrong postal code, correct it in Shopify and retry.",
      insufficientStock:
        "There is not enough stock of {product} at the warehouse. Ask the service for an inventory reception, then retry.",
      invalidOrder:
        "The service did not accept the order's data. Check the address and products in Shopify and retry; if it persists, contact the app's support.",
      serviceRefused:
        "The service refused the order. Check the products in Catalogue and the address in Shopify, then retry; if it persists, contact the service.",
      apiKeyRefused: "The service refused the shop's API key. Enter a current key in Settings, then retry.",
      attemptsExhausted:
        "The service could not take the order after {attempts} attempts. Check that the service is up, then retry.",
      attemptFailed: "Attempt {attempt} did not reach the service; next attempt at {at}.",
      interrupted:
        "A submission started at {at} was interrupted before its result was saved; the order may exist at the service, so it is not sent again automatically.",
      mayExist:
        "The service's answer was lost; the order may exist there. Look for it at the service and confirm whether it exists before sending it again.",
      unexpectedFailure:
        "Unexpected failure while sending the order; it may have reached the service. Look for it at the service and confirm whether it exists before sending it again.",
      contested:
        "Created in Shopify from a part of the order the warehouse already has (split, merge or move); check it with the service, then retry.",
      waitingForRequest: "Waiting for Shopify to request fulfilment from the warehouse.",
      cancelRequestedBefore: "You asked to cancel it before it reached the warehouse; cancelled.",
      cancelRequestedAfter: "You asked to cancel it after it reached the warehouse: stop it with the service.",
      cancelledAfterWarehouse: "It was cancelled in Shopify after it reached the warehouse: stop it with the service.",
      splitAfterWarehouse:
        "This part of the order was split, merged or removed in Shopify after it reached the warehouse: check it with the service.",
      heldAfterWarehouse: "It was put on hold in Shopify after it reached the warehouse: hold it with the service too.",
      movedAfterWarehouse:
        "It was moved in Shopify to {location} after it reached the warehouse: stop it with the service, or both will ship it.",
      closedAfterWarehouse:
        "It was closed in Shopify without being fulfilled (merged into another part, moved or refunded) after it reached the warehouse: check it with the service.",
      progressReported: "Marked in Shopify as in progress: the warehouse has it.",
      changedAfterWarehouse:
        "It changed in Shopify after it reached the warehouse (now: {now}; the warehouse has: {sent}): change it with the service.",
      shippedButCancelled:
        "The parcel left the warehouse but this part of the order was cancelled in Shopify: settle it with the buyer and the service.",
      nothingLeftToFulfil:
        "Nothing the service shipped is left to fulfil in Shopify, and no shipment is recorded (fulfilled elsewhere, or changed?). Check it in Shopify.",
      unknownServiceOrder: "The service does not know order {order}. Check it with the service.",
      readFromShopify: "Read from Shopify.",
      partGone:
        "This part no longer exists in Shopify (merged or split into other parts, which are decided on their own).",
      declinedRequest: "The warehouse declined Shopify's fulfilment request for the reason shown.",
      beforeFulfilmentOrders: "Recorded before fulfilment orders were followed: fulfil it in Shopify by hand.",
      writeBackFailed: "Writing the shipment to Shopify failed; it will be retried automatically.",
      nothingShipped:
        "The service reports the order {status} but lists nothing shipped, so nothing was fulfilled in Shopify; check it with the service, then retry.",
      shippedShort:
        "Shipped short: the warehouse did not ship {missing}. What shipped is fulfilled in Shopify; send the rest to the warehouse as a new order, or leave it for a refund.",
      fulfilmentOrderGone: "The Shopify fulfilment order no longer exists.",
      received: "Paid order received from Shopify.",
      sending: "Attempt {attempt}: sending to the service ({service}: {products}).",
      serviceOrder: "The service created order {order}.",
      lateAnswer: "The service's late answer confirmed order {order}.",
      serviceStatus: "Status at the service: {status}.",
      trackingChanged: "Tracking changed to {tracking}.",
      shopifyFulfilment: "Shipment recorded in Shopify.",
      readyToSend: "Ready to send.",
      merchantConfirmedExists: "You confirmed it exists at the service: order {order}.",
      merchantConfirmedAbsent: "You confirmed the service does not have it: sending it.",
      merchantRetriedFollow: "You retried: following the service order again.",
      merchantRetriedRead: "You retried: reading the order from Shopify again.",
      merchantRetried: "You retried sending it to the warehouse.",
      merchantHandled: "Marked handled by admin user {by}: “{note}”.",
      merchantSentMissing:
        "You sent the rest ({missing}) to the warehouse as a new order; the first order sent to the warehouse was service order {order}.",
      merchantLeftMissing: "You left the units the warehouse did not ship ({missing}) for a refund.",
      awaitingStock:
        "Waiting for stock: the warehouse lacks {missing}. It is sent by itself when a stock read shows the units (after a reception, say); you can also send it by hand or cancel it.",
      stockArrived: "The warehouse's stock now covers the order ({products}): it is sent again.",
    },
  },
  privacy: {
    title: "Privacy",
    intro:
      "When a customer asks for their data, Shopify tells the app, which at once prepares a file with what it keeps of their orders (the address sent to the warehouse, the tracking and the history). Download it and send it to the customer. Files are deleted after {days} days.",
    downloadFailed: "The file could not be downloaded (the app answered {status}). Reload the page and try again.",
    downloadUnreachable:
      "The file could not be downloaded: the app did not answer. Check your connection and try again.",
    emptyTitle: "No data requests",
    emptyBody: "Your customers' data requests will show here.",
    singular: "request",
    plural: "requests",
    received: "Received",
    customer: "Customer",
    orders: "Orders",
    state: "Status",
    file: "File",
    ordersFound: "{found} of {requested} with data",
    answered: "Answered {at}",
    downloaded: "Downloaded {at}",
    download: "Download",
  },
  serviceErrors: {
    noDimensions:
      "Product {product} has no dimensions at the service, so it cannot be quoted or shipped. Register its dimensions (Catalogue), then try again.",
    noDimensionsUnnamed:
      "A product of the order has no dimensions at the service, so it cannot be quoted or shipped. Check in Catalogue which variants lack them, then try again.",
    destinationNotServed:
      "No carrier of the service delivers to that postal code. If the address is right, the service does not cover that destination: offer another delivery method or contact the service.",
    insufficientStock:
      "There is not enough stock of {product} at the warehouse. Ask the service for an inventory reception, then try again.",
    insufficientStockUnnamed:
      "There is not enough stock at the warehouse for this order. Ask the service for an inventory reception, then try again.",
    unknownProduct: "The service does not know a product of the order. Sync the catalogue (Catalogue), then try again.",
    productWithoutSku:
      "A product of the cart has no SKU, so the service cannot quote it. Add a SKU in Shopify, then sync the catalogue.",
    conflict:
      "The service refused the request because of a problem with the products. Check in Catalogue that every product is registered with its dimensions; if it persists, contact the service.",
    duplicateProduct:
      "The service already has another product with the same SKU or barcode. Use a unique SKU in Shopify, then sync again.",
    forbidden:
      "The service does not allow this operation for your account. Check your account's permissions with the service.",
    unauthorized: "The service refused the shop's API key. Enter a current key in Settings, then try again.",
    notFound: "The service did not find what was asked for. Try again; if it persists, contact the service.",
    rateLimited: "The service is receiving too many requests right now. Wait a minute, then try again.",
    unavailable: "The service is failing or under maintenance. Try again in a few minutes.",
    timeout: "The service took too long to answer. Try again in a few minutes.",
    unreachable: "The app could not connect to the service. Try again in a few minutes.",
    invalidAnswer:
      "The service answered something the app does not understand. Try again; if it persists, contact the app's support.",
    invalidRequest:
      "The app built a request the service does not accept. Contact the app's support with the order number.",
    unexpected: "Something unexpected went wrong. Try again; if it persists, contact the app's support.",
  },
  shopifyProblems: {
    throttled: "Shopify is receiving too many requests from the app right now. Wait a minute and try again.",
    provider_access:
      "Shopify is not letting the app in for now. The app's provider is already fixing its access; there is nothing for you to do. Check again later.",
    access_denied:
      "Shopify does not give the app the permission this needs. Open the app from the Shopify admin to accept the permissions it asks for, and try again.",
    not_allowed_by_plan:
      "Your Shopify plan does not allow rates calculated by apps: change to the Advanced plan or higher, to annual billing, or add third-party calculated rates.",
    not_found:
      "Shopify no longer has what the app had registered (perhaps it was deleted in the admin). Try again: the app registers it anew.",
    refused: "Shopify did not accept the change. Try again; if it persists, contact the app's support.",
    network: "Shopify could not be reached. Try again in a few minutes.",
    unknown: "Shopify answered with an unexpected error. Try again; if it persists, contact the app's support.",
  },
  settings: settingsEn,
  nextSteps: nextStepsEn,
  warehouse: warehouseEn,
  login: loginEn,
  readiness: readinessEn,
  saveBar: { save: "Save", discard: "Discard" },
  // Tarifas' tester: no rates, and the cause the service or the catalogue names (issue 33, finding 6).
  rateCauses: {
    noRatesBecause: "Checkout shows no rates from this service for this cart. {detail}",
  },
  numbers: numbersEn,
};

// The English record of what the app decided, one sentence per code: for logs, support and the
// messages that leave the app where a sentence is needed (Shopify's rejection message of a
// fulfilment request, the order-page block's and Flow's answers). Pages never show it: they word
// the code from the catalogue above in the merchant's language. Parameters missing from a record
// are left out of its sentence.
export type RecordParams = Readonly<Record<string, string | undefined>>;
type P = RecordParams;

const HELD = "it goes to the warehouse once the buyer's address is corrected in Shopify";
const SAID = (p: P) => (p.said ? ` (the service said: ${p.said})` : "");
// A retry that could not read Shopify again sends the order as paid (\`note\`: the wording of records before it was coded).
const UNREAD = (p: P) =>
  p.unread ? ` (Shopify could not be read, so the order as paid is used: ${p.unread})` : p.note ? ` (${p.note})` : "";
const REF = (p: P) => (p.order ? ` (service order ${p.order})` : "");
const UNTIL = (p: P) => (p.until ? ` (until ${p.until})` : "");

// A fulfilment reason's record, keyed by reason code (app/fulfillment/core/reason-codes.ts checks that
// every code has its sentence); kept beside the code in `reason`/`detail`.
export const recordsEn = {
  cancelledInShopify: (p) => (p.at ? `the order was cancelled (${p.at})` : "the order was cancelled in Shopify"),
  partCancelled: () => "this part of the order was cancelled in Shopify",
  alreadyFulfilled: () => "this part of the order is already fulfilled or closed in Shopify",
  incomplete: () => "Shopify could not complete this part of the order",
  testOrder: () => "test order, and the shop's settings skip test orders",
  notShipped: (p) => `its delivery method is ${p.method}; the warehouse only ships parcels`,
  pickUp: () => "the buyer picks it up in store; the warehouse only ships parcels",
  pickupPoint: () => "it goes to a pickup point; the warehouse only ships parcels",
  localDelivery: () => "it is a local delivery by the shop; the warehouse only ships parcels",
  retail: () => "it was sold in person (point of sale); the warehouse only ships parcels",
  noDelivery: () => "it needs no delivery; the warehouse only ships parcels",
  otherLocation: (p) =>
    `it is assigned to ${p.location ? `the location "${p.location}"` : "another location"}, which the warehouse does not fulfil`,
  onHold: (p) =>
    `on hold in Shopify${p.holds ? ` (${p.holds})` : ""}; it goes to the warehouse when the hold is released`,
  addressHeldNoNumber: () => `held in Shopify: the shipping address has no exterior number; ${HELD}`,
  addressHeldPostalCode: (p) => `held in Shopify: postal code ${p.cp} is in ${p.byCp}, not ${p.state}; ${HELD}`,
  addressHeldNotServed: (p) =>
    `held in Shopify: the service serves no destination at postal code ${p.cp}; ${HELD}${SAID(p)}`,
  merchantSentAsItStands: () => "the merchant sends it with the address as it stands",
  scheduled: (p) => `scheduled in Shopify for a later date; it goes to the warehouse then${UNTIL(p)}`,
  heldBack: (p) =>
    `held back ${p.minutes} minutes after payment, so changes and cancellations never reach the warehouse${UNTIL(p)}`,
  nothingLeft: () => "nothing in this part of the order is left to ship",
  noSku: (p) =>
    `line ${p.lines} has no SKU; the warehouse identifies products by SKU (add one to the variant, then retry)`,
  noAddress: () => "the order has no shipping address (local pickup?)",
  customerDataWithheld: () =>
    "Shopify withheld the buyer's name, address and phone (protected customer data); request protected customer data access in the Partner Dashboard, then retry",
  outsideMexico: (p) =>
    `destination country ${p.country ? `"${p.country}"` : "(none given)"} is outside Mexico, the only country the service ships to`,
  notConnected: () => "the shop is not connected to the service",
  noDimensions: (p) =>
    `product ${p.product ?? "(unnamed)"} has no dimensions at the service; register them, then retry. The service said: ${p.said}`,
  destinationNotServed: (p) =>
    `no carrier serves the destination; correct the shipping address, then retry. The service said: ${p.said}`,
  insufficientStock: (p) =>
    `not enough stock of ${p.product ?? "a product"} at the warehouse; request an inventory reception, then retry. The service said: ${p.said}`,
  invalidOrder: (p) => `the order is not valid for the service${p.field ? ` (${p.field})` : ""}: ${p.said}`,
  serviceRefused: (p) => `the service refused the order: ${p.said}`,
  apiKeyRefused: (p) => `the service refused the shop's API key; reconnect the account, then retry (${p.said})`,
  attemptsExhausted: (p) => `the service could not take the order after ${p.attempts} attempts; last error: ${p.said}`,
  attemptFailed: (p) => `attempt ${p.attempt} did not reach the service (${p.said}); next attempt at ${p.at}`,
  interrupted: (p) =>
    `a submission started at ${p.at || "an earlier run"} was interrupted before its result was saved; the order may exist at the service ` +
    `(look for reference ${p.reference}), so it is not sent again automatically`,
  mayExist: (p) => `${p.said}; the order may exist at the service`,
  unexpectedFailure: (p) => `unexpected failure while sending the order (${p.said}); it may have reached the service`,
  contested: () =>
    "created in Shopify from a part of the order the warehouse already has (split, merge or move) — check it with " +
    "the service, then retry to send it",
  waitingForRequest: () => "waiting for Shopify to request fulfilment from the warehouse",
  cancelRequestedBefore: () => "the merchant asked to cancel it before it reached the warehouse; cancelled",
  cancelRequestedAfter: (p) =>
    `the merchant asked to cancel it after it reached the warehouse — stop it with the service${REF(p)}`,
  cancelledAfterWarehouse: (p) =>
    `cancelled in Shopify after it reached the warehouse — stop it with the service${REF(p)}`,
  splitAfterWarehouse: (p) =>
    `this part of the order was split, merged or removed in Shopify after it reached the warehouse — check it with the service${REF(p)}`,
  heldAfterWarehouse: (p) =>
    `placed on hold in Shopify after it reached the warehouse — hold it with the service${REF(p)}`,
  movedAfterWarehouse: (p) =>
    `moved in Shopify to ${p.location || "another location"} after it reached the warehouse — stop it with the service, or both will ship it${REF(p)}`,
  closedAfterWarehouse: (p) =>
    `closed in Shopify without being fulfilled (merged into another part, moved or refunded) after it reached the warehouse — check it with the service${REF(p)}`,
  progressReported: (p) => `reported in Shopify as in progress: the warehouse has it${REF(p)}`,
  awaitingStock: (p) =>
    `waiting for stock: the warehouse lacks ${p.missing}; sent again when a stock read shows the units. The service said: ${p.said}`,
  stockArrived: (p) => `the warehouse's stock now covers the order (${p.products}): sending it again`,
  changedAfterWarehouse: (p) =>
    `changed in Shopify after it reached the warehouse (now ${p.now}; the warehouse has ${p.sent}) — change it with the service${REF(p)}`,
  beforeFulfilmentOrders: () => "recorded before fulfilment orders were followed: fulfil it in Shopify by hand",
  writeBackFailed: (p) => `writing the shipment to Shopify failed, will retry: ${p.said}`,
  shippedButCancelled: () =>
    "the shipment left the warehouse but this part of the order was cancelled in Shopify — settle it with the buyer and the service",
  nothingLeftToFulfil: () =>
    "nothing the service shipped is left to fulfil in Shopify, and no fulfilment exists (fulfilled elsewhere or changed?)",
  fulfilmentOrderGone: (p) => `the Shopify fulfilment order ${p.gid} no longer exists`,
  nothingShipped: (p) =>
    `the service reports the order ${p.status} but lists nothing shipped, so nothing was fulfilled in ` +
    "Shopify; check it with the service, then retry",
  shippedShort: (p) =>
    `shipped short: the warehouse did not ship ${p.missing}; what shipped is fulfilled in Shopify — ` +
    "send the rest to the warehouse as a new order, or leave it for a refund",
  received: () => "orders/paid received",
  sending: (p) => `attempt ${p.attempt}: sending to the service (${p.service}: ${p.products})`,
  serviceOrder: (p) => `service order ${p.order}`,
  lateAnswer: (p) => `the service's late answer confirmed order ${p.order}`,
  serviceStatus: (p) => `service status ${p.status ?? "(none)"}`,
  unknownServiceOrder: (p) => `the service does not know order ${p.order}`,
  trackingChanged: (p) => `tracking changed to ${p.tracking}`,
  shopifyFulfilment: (p) =>
    `Shopify fulfilment ${p.kind} (${p.id})${p.lines ? ` of ${p.lines}` : ""}${p.tracking ? ` with ${p.tracking}` : ""}`,
  readyToSend: () => "ready to send",
  readFromShopify: (p) => `fulfilment order ${p.gid} read from Shopify`,
  partGone: () =>
    "this part no longer exists in Shopify (merged or split into other parts, which are decided on their own)",
  declinedRequest: () => "the warehouse declined Shopify's request for the reason above",
  merchantConfirmedExists: (p) => `confirmed by the merchant: service order ${p.order}`,
  merchantConfirmedAbsent: () => "the merchant confirmed the service has no such order: submitting it",
  merchantRetriedFollow: () => "retried by the merchant: following the service order again",
  merchantRetriedRead: () => "retried by the merchant: reading the order from Shopify again",
  merchantRetried: (p) => `retried by the merchant${UNREAD(p)}`,
  merchantHandled: (p) => `marked handled by admin user ${p.by}: ${p.note}`,
  merchantSentMissing: (p) =>
    `the merchant sends the rest (${p.missing}) to the warehouse as a new order; the first shipment was service ` +
    `order ${p.order}, Shopify fulfilment ${p.fulfilment}`,
  merchantLeftMissing: (p) => `the merchant leaves the units the warehouse did not ship (${p.missing}) for a refund`,
} satisfies Record<string, (p: P) => string>;

// What the app tells Shopify of a fulfilment or cancellation request it answers (app/fulfillment/shopify/
// fulfillment-service.server.ts): Shopify takes one sentence, in no particular language, so English.
export const shopifyMessagesEn = {
  requestAccepted: (p) => `At the warehouse: service order ${p.svcOrderId}.`,
  cancellationAccepted: () => "Cancelled: the order had not reached the warehouse.",
  cancellationRejected: (p) =>
    `The warehouse already has it (service order ${p.svcOrderId ?? "unconfirmed"}, status ${p.status}); ` +
    "the service cannot cancel orders — contact the service to stop it.",
} satisfies Record<string, (p: P) => string>;

// A merchant action's outcome as its English record, keyed by outcome code (app/fulfillment/actions/merchant-actions.server.ts):
// what a log or another service's answer (Flow's) says of a result; the pages word it from `orders.outcomes`.
/** @internal */
export const outcomeRecordsEn = {
  followed: (p) => `${p.order} is followed again`,
  willSend: (p) => `${p.order} will be sent to the service${UNREAD(p)}`,
  confirmedExists: (p) => `${p.order} follows service order ${p.svcOrderId}`,
  stockSyncRequested: () => "stock sync requested",
  stockSyncOff: () => "stock sync is off",
  notFound: () => "no such order",
  notWaitingConfirmation: (p) => `the order is ${p.status}, not waiting for a confirmation`,
  notRetryable: (p) =>
    p.status ? `an order that is ${p.status} cannot be retried` : "nothing of this order needs attention",
  cancelledNotRetryable: (p) => `${p.order} was cancelled in Shopify`,
  missingSvcOrderId: () => "give the service's order id",
  notConnected: () => "the shop is not connected to the service",
  serviceUnreachable: (p) => `the service could not be asked about order ${p.svcOrderId}: ${p.said}`,
  serviceHasNoOrder: (p) => `the service has no order ${p.svcOrderId}`,
  serviceOrderOfAnother: (p) => `service order ${p.svcOrderId} belongs to ${p.other}, not ${p.order}`,
  serviceOrderOfAnotherPart: (p) =>
    `service order ${p.svcOrderId} is already followed by another part of ${p.other} (${p.otherPart ?? "?"})`,
  serviceOrderOtherLines: (p) =>
    `service order ${p.svcOrderId} holds ${p.found}, not the ${p.sent} sent for this part of ${p.order}`,
  redacted: () => "the order's data is no longer held (redacted)",
  raced: () => "the order changed meanwhile; reload the page",
  unknownAction: () => "unknown action",
  invalidRecordId: (p) => `${p.field ?? "fulfillmentId"}: missing or not a record id`,
  leftForRefund: (p) => `${p.order} is followed to delivery; refund ${p.missing} in Shopify`,
  notShort: (p) => `${p.order} is not waiting for a choice about a short shipment`,
  chooseForShort: (p) => `${p.order} shipped short: choose to send the rest as a new order or leave it for a refund`,
  notAddressHeld: (p) => `${p.order} is not held for its address`,
  // What a push does, said plainly: the decision is the job's, made from Shopify's state.
  readAgain: (p) => `${p.order} is read from Shopify again; what should ship from the warehouse goes there now`,
  nothingToPush: () => "every part of the order is already with the warehouse, on its way there or waiting",
  shopifyUnreadable: (p) => `Shopify could not be read: ${p.said}`,
  noSuchShopifyOrder: () => "Shopify has no such order",
  notPaid: (p) => `${p.order} is not paid (${p.financialStatus})`,
  handled: (p) => `${p.order} is marked handled`,
  noteMissing: (p) => `note: required to mark ${p.order} handled`,
  noteTooLong: (p) => `note: at most ${p.max} characters (got ${p.length})`,
  notAttention: (p) => `${p.order} does not need attention`,
  notOffered: (p) => `${p.order}: the action "${p.action}" does not resolve its state`,
  refreshed: (p) => `${p.order}: read from the service now (${p.svcStatus})`,
  refreshRequested: (p) => `${p.order}: a read of the service was asked for`,
  noServiceOrder: (p) => `${p.order} has no service order yet`,
} satisfies Record<string, (p: P) => string>;

/**
 * A merchant action's result in English, for the site that writes it (a log line, Flow's answer):
 * the result itself carries only its code and params. A code this copy does not know reads as itself.
 */
export function outcomeRecordEn(result: { code: string; params?: P }): string {
  const word = Object.hasOwn(outcomeRecordsEn, result.code)
    ? outcomeRecordsEn[result.code as keyof typeof outcomeRecordsEn]
    : undefined;
  return word ? word(result.params ?? {}) : `outcome ${result.code}`;
}
