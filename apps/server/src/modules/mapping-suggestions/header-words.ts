/**
 * Header text as words that can be compared: case, punctuation and spacing dropped, camelCase and glued words
 * split, abbreviations (Qty, Shpd, No, Nbr, #, Num, Ref, Trk…) and inflections (shipped, shipping, shipment)
 * brought to one word, so `Qty Shpd`, `quantity_shipped` and `ShippedQuantity` are the same two words.
 * Word order is ignored by the comparison (headerSimilarity). docs/design/mapping-suggestions.md#header-text
 */

/** Each word as written (lower case) → the one word it stands for. */
const CANONICAL: Record<string, string> = {
  '#': 'number',
  no: 'number',
  nbr: 'number',
  nr: 'number',
  num: 'number',
  numb: 'number',
  number: 'number',
  numbers: 'number',
  id: 'number',
  qty: 'quantity',
  // French `Qté` (accent dropped).
  qte: 'quantity',
  qnty: 'quantity',
  qtys: 'quantity',
  quan: 'quantity',
  quantity: 'quantity',
  quantities: 'quantity',
  units: 'quantity',
  unit: 'quantity',
  pcs: 'quantity',
  ship: 'ship',
  shipped: 'ship',
  shipping: 'ship',
  shipment: 'ship',
  shipments: 'ship',
  shpd: 'ship',
  shp: 'ship',
  shipd: 'ship',
  shpmt: 'ship',
  shpt: 'ship',
  shpg: 'ship',
  // `Qty Sent`, `Date Sent`: sent is shipped.
  sent: 'ship',
  dispatch: 'ship',
  dispatched: 'ship',
  despatch: 'ship',
  despatched: 'ship',
  tracking: 'tracking',
  track: 'tracking',
  // Magento's shipment export names its column of package numbers `Tracks`.
  tracks: 'tracking',
  trk: 'tracking',
  trck: 'tracking',
  trak: 'tracking',
  order: 'order',
  ordered: 'order',
  orders: 'order',
  ord: 'order',
  delivery: 'delivery',
  delivered: 'delivery',
  deliver: 'delivery',
  del: 'delivery',
  dlv: 'delivery',
  dlvry: 'delivery',
  date: 'date',
  dt: 'date',
  dte: 'date',
  customer: 'customer',
  cust: 'customer',
  cstmr: 'customer',
  client: 'customer',
  buyer: 'customer',
  reference: 'reference',
  ref: 'reference',
  refs: 'reference',
  account: 'account',
  acct: 'account',
  acc: 'account',
  estimated: 'estimated',
  est: 'estimated',
  estimate: 'estimated',
  expected: 'estimated',
  exp: 'estimated',
  scheduled: 'estimated',
  sched: 'estimated',
  promised: 'estimated',
  promise: 'estimated',
  projected: 'estimated',
  arrival: 'arrival',
  arrive: 'arrival',
  arriving: 'arrival',
  arr: 'arrival',
  supplier: 'supplier',
  vendor: 'supplier',
  vend: 'supplier',
  vndr: 'supplier',
  seller: 'supplier',
  item: 'item',
  itm: 'item',
  items: 'item',
  prod: 'product',
  product: 'product',
  status: 'status',
  stat: 'status',
  sts: 'status',
  name: 'name',
  nm: 'name',
  description: 'description',
  desc: 'description',
  descr: 'description',
  carrier: 'carrier',
  carr: 'carrier',
  courier: 'carrier',
  company: 'company',
  comp: 'company',
  line: 'line',
  ln: 'line',
  invoice: 'invoice',
  inv: 'invoice',
  document: 'document',
  doc: 'document',
  fulfilled: 'fulfil',
  fulfil: 'fulfil',
  fulfill: 'fulfil',
  fulfillment: 'fulfil',
  fulfilment: 'fulfil',
  filled: 'fulfil',
  mfr: 'manufacturer',
  mfg: 'manufacturer',
  manufacturer: 'manufacturer',
  recipient: 'recipient',
  recip: 'recipient',
  consignee: 'recipient',
  purchased: 'purchase',
  purchase: 'purchase',
  created: 'created',
  creation: 'created',
  available: 'available',
  avail: 'available',
  availability: 'availability',
  onhand: 'onhand',
  soh: 'onhand',
  backorder: 'backorder',
  backordered: 'backorder',
  bo: 'backorder',
  cancelled: 'cancel',
  canceled: 'cancel',
  cancel: 'cancel',
  amt: 'amount',
  amount: 'amount',
  addr: 'address',
  address: 'address',
  mode: 'method',
  // A customer's requisition is its purchase order as ERPs' sales orders record it (`Customer requisition`).
  requisition: 'po',
  // A supplier's document addresses its customer: `Your Order #`, `Your Ref`, `Ihre Bestellnummer`, `Votre
  // référence`, `Uw referentie` are the customer's own number, the retailer's PO.
  your: 'customer',
  ihre: 'customer',
  ihr: 'customer',
  votre: 'customer',
  vostro: 'customer',
  uw: 'customer',
  // German and French: the common words of order, shipping and stock exports (shop systems, carriers and
  // wholesalers in Germany, France, Belgium, Switzerland write their column headers in these words), so that
  // `Bestell Nr.`, `Artikelnummer`, `Numéro de suivi` read as `Order No`, `Item Number`, `Tracking Number`.
  // Accents are already dropped (`Empfänger` → empfanger). docs/design/mapping-suggestions.md#other-languages
  bestell: 'order',
  bestellung: 'order',
  bestellungs: 'order',
  bestellt: 'order',
  auftrag: 'order',
  auftrags: 'order',
  nummer: 'number',
  artikel: 'item',
  kunde: 'customer',
  kunden: 'customer',
  versand: 'ship',
  versandt: 'ship',
  versendet: 'ship',
  liefer: 'delivery',
  lieferung: 'delivery',
  geliefert: 'delivery',
  zustellung: 'delivery',
  zustell: 'delivery',
  positions: 'line',
  position: 'line',
  referenz: 'reference',
  datum: 'date',
  termin: 'date',
  menge: 'quantity',
  anzahl: 'quantity',
  stuck: 'quantity',
  bestand: 'onhand',
  lagerbestand: 'onhand',
  rechnung: 'invoice',
  rechnungs: 'invoice',
  lieferant: 'supplier',
  lieferanten: 'supplier',
  hersteller: 'manufacturer',
  marke: 'brand',
  empfanger: 'recipient',
  paketdienst: 'carrier',
  spediteur: 'carrier',
  versanddienstleister: 'carrier',
  frachtfuhrer: 'carrier',
  verfugbar: 'available',
  voraussichtlich: 'estimated',
  voraussichtliche: 'estimated',
  voraussichtliches: 'estimated',
  voraussichtlicher: 'estimated',
  paket: 'parcel',
  lager: 'stock',
  verfugbarkeit: 'availability',
  disponible: 'available',
  disponibilite: 'availability',
  req: 'requested',
  requested: 'requested',
  commande: 'order',
  commandee: 'order',
  numero: 'number',
  suivi: 'tracking',
  transporteur: 'carrier',
  livraison: 'delivery',
  expedition: 'ship',
  expedie: 'ship',
  expediee: 'ship',
  envoi: 'ship',
  quantite: 'quantity',
  article: 'item',
  fournisseur: 'supplier',
  statut: 'status',
  nom: 'name',
  destinataire: 'recipient',
  marque: 'brand',
  prevue: 'estimated',
  prevu: 'estimated',
  facture: 'invoice',
  colis: 'parcel',
  // Spanish: the same words of order, shipping and stock exports (Spanish and Latin American shops,
  // distributors and carriers): `Número de pedido`, `Fecha de envío`, `Referencia`, `Stock disponible`, `Estado`.
  pedido: 'order',
  referencia: 'reference',
  fecha: 'date',
  envio: 'ship',
  enviado: 'ship',
  entrega: 'delivery',
  cantidad: 'quantity',
  estado: 'status',
  seguimiento: 'tracking',
  transportista: 'carrier',
  cliente: 'customer',
  proveedor: 'supplier',
  articulo: 'item',
  existencias: 'stock',
  destinatario: 'recipient',
  prevista: 'estimated',
  previsto: 'estimated',
  // Italian (Italian distributors' delivery-note lists, shop and ERP exports): `Rif. ordine cliente`,
  // `Data spedizione`, `Q.tà spedita`, `Vettore`, `Giacenza`. `numero`, `cliente`, `destinatario`, `prevista`,
  // `disponibile` are above.
  ordine: 'order',
  ordini: 'order',
  ordinata: 'order',
  ordinato: 'order',
  rif: 'reference',
  riferimento: 'reference',
  data: 'date',
  spedizione: 'ship',
  spedizioni: 'ship',
  spedito: 'ship',
  spedita: 'ship',
  spediti: 'ship',
  consegna: 'delivery',
  consegnato: 'delivery',
  quantita: 'quantity',
  qta: 'quantity',
  stato: 'status',
  vettore: 'carrier',
  corriere: 'carrier',
  articolo: 'item',
  articoli: 'item',
  codice: 'code',
  fornitore: 'supplier',
  fattura: 'invoice',
  riga: 'line',
  tracciamento: 'tracking',
  giacenza: 'onhand',
  disponibilita: 'availability',
  magazzino: 'stock',
  collo: 'parcel',
  colli: 'parcel',
  nome: 'name',
  marca: 'brand',
  produttore: 'manufacturer',
  descrizione: 'description',
  inventario: 'inventory',
  // `Q.tà evasa`: the quantity an order line was filled with.
  evasa: 'fulfil',
  evaso: 'fulfil',
  // Portuguese (Brazilian and Portuguese shops and carriers): `Número do pedido`, `Código de rastreio`,
  // `Transportadora`, `Quantidade`, `Estoque`.
  quantidade: 'quantity',
  rastreio: 'tracking',
  rastreamento: 'tracking',
  codigo: 'code',
  transportadora: 'carrier',
  fornecedor: 'supplier',
  produto: 'product',
  artigo: 'item',
  estoque: 'stock',
  fatura: 'invoice',
  situacao: 'status',
  expedicao: 'ship',
  // Dutch (Dutch and Belgian shops and carriers): `Bestelnummer`, `Verzenddatum`, `Aantal`, `Vervoerder`,
  // `Voorraad`; `artikel`, `datum`, `nummer`, `status` are above.
  bestelling: 'order',
  bestel: 'order',
  verzending: 'ship',
  verzonden: 'ship',
  verzend: 'ship',
  zending: 'ship',
  levering: 'delivery',
  geleverd: 'delivery',
  lever: 'delivery',
  klant: 'customer',
  leverancier: 'supplier',
  vervoerder: 'carrier',
  pakket: 'parcel',
  voorraad: 'onhand',
  beschikbaar: 'available',
  naam: 'name',
  ontvanger: 'recipient',
  factuur: 'invoice',
  verwacht: 'estimated',
  verwachte: 'estimated',
  regel: 'line',
  // `Track & Trace`, as Dutch and Belgian carriers call the tracking number.
  trace: 'tracking',
  // Polish (Polish wholesalers' stock lists and shop exports): `Indeks`, `Nazwa towaru`, `Stan`, `Dostępne`,
  // `Numer zamówienia`, `Data wysyłki`, `Przewoźnik`. `ł` is read as `l` (it has no decomposed form).
  numer: 'number',
  zamowienie: 'order',
  zamowienia: 'order',
  zamowiona: 'order',
  wysylka: 'ship',
  wysylki: 'ship',
  wyslano: 'ship',
  nadania: 'ship',
  dostawa: 'delivery',
  dostawy: 'delivery',
  doreczenia: 'delivery',
  ilosc: 'quantity',
  szt: 'quantity',
  stan: 'onhand',
  dostepne: 'available',
  dostepny: 'available',
  dostepna: 'available',
  dostepnosc: 'availability',
  przewoznik: 'carrier',
  kurier: 'carrier',
  towar: 'item',
  towaru: 'item',
  nazwa: 'name',
  kod: 'code',
  odbiorca: 'recipient',
  odbiorcy: 'recipient',
  dostawca: 'supplier',
  dostawcy: 'supplier',
  faktura: 'invoice',
  faktury: 'invoice',
  klient: 'customer',
  klienta: 'customer',
  przesylka: 'parcel',
  przesylki: 'parcel',
  rezerwacja: 'reserved',
  zarezerwowane: 'reserved',
  magazyn: 'stock',
  // What can be sold, as marketplaces' stock reports say it (Amazon's `afn-fulfillable-quantity`); what cannot
  // is a word of its own, so `unsellable` is never the available stock.
  fulfillable: 'available',
  sellable: 'available',
  saleable: 'available',
  unsellable: 'unsellable',
  unfulfillable: 'unsellable',
};

/** Words that stand for several (German compounds whose parts are not words of their own here). */
const WHOLE_WORDS: Record<string, readonly string[]> = {
  // DHL's and the German shops' word for the tracking number; `Sendungsverfolgung` is the tracking itself.
  sendungsnummer: ['tracking', 'number'],
  // Quantity On Hand, as stock reports abbreviate it.
  qoh: ['quantity', 'onhand'],
  sendungsverfolgung: ['tracking'],
  // A Polish item index (`Indeks`) is the item's code in Polish ERPs' stock lists.
  indeks: ['item', 'number'],
  sendungsverfolgungsnummer: ['tracking', 'number'],
  versandart: ['ship', 'method'],
};

/** Words that name a kind of value, not a field: a header sharing only these with a synonym is not like it. */
const GENERIC_WORDS = new Set(['date', 'number', 'name', 'code', 'status', 'type', 'quantity', 'time']);

/** Words that say nothing about the field. */
const STOP_WORDS = new Set([
  'the',
  'of',
  'on',
  'a',
  'an',
  'at',
  'for',
  // German and French articles and prepositions: `Numéro de suivi`, `Date d'expédition`, `Datum der Lieferung`.
  'de',
  'du',
  'des',
  'd',
  'l',
  'la',
  'le',
  'der',
  'die',
  'das',
  'von',
  // Spanish: `Número de pedido`, `Fecha del envío`.
  'del',
  'el',
  'los',
  'las',
  // Italian: `Rif. ordine cliente`, `Data della spedizione`, `Quantità registrata al momento dell'inventario`.
  'di',
  'della',
  'dello',
  'delle',
  'dei',
  'degli',
  'dell',
  'al',
  'alla',
  'il',
  // Portuguese: `Número do pedido`, `Data da entrega`.
  'do',
  'da',
  'dos',
  'das',
  // Dutch: `Datum van levering`.
  'van',
  'het',
]);

/** Phrases that stand for one word, after the words are canonical. */
const PHRASES: readonly [readonly string[], string][] = [
  [['purchase', 'order'], 'po'],
  [['p', 'o'], 'po'],
  [['sales', 'order'], 'so'],
  [['on', 'hand'], 'onhand'],
  [['in', 'stock'], 'instock'],
  [['air', 'way', 'bill'], 'waybill'],
  [['airway', 'bill'], 'waybill'],
  [['way', 'bill'], 'waybill'],
  [['e', 't', 'a'], 'eta'],
  [['b', 'o'], 'backorder'],
  // `Sendungs-Nr.`: DHL's shipment number is the tracking number.
  [['sendungs', 'number'], 'sendungsnummer'],
  // Italian `Q.tà` (quantità), split at its dot.
  [['q', 'ta'], 'quantity'],
  [['nota', 'fiscal'], 'invoice'],
];

/** What an ETA is, in words. */
const EXPANSIONS: Record<string, readonly string[]> = {
  eta: ['estimated', 'arrival'],
  etd: ['estimated', 'delivery'],
  awb: ['waybill'],
  // An Italian `DDT` (documento di trasporto) is the delivery note that goes with the goods: the packing slip.
  ddt: ['packing', 'slip'],
  so: ['so'],
  sendungsnummer: ['tracking', 'number'],
  // Quantity On Hand, as stock reports abbreviate it.
  qoh: ['quantity', 'onhand'],
  // `Lieferscheinnummer`: the delivery note is the packing slip.
  lieferschein: ['packing', 'slip'],
};

/** Words seen glued together in headers (`shipdate`, `trackingnumber`), split before they are made canonical. */
const GLUE_VOCABULARY = [
  'tracking',
  'track',
  'number',
  'ship',
  'shipped',
  'shipping',
  'date',
  'order',
  'ordered',
  'customer',
  'cust',
  'item',
  'qty',
  'quantity',
  'status',
  'name',
  'to',
  'po',
  'carrier',
  'code',
  'no',
  'num',
  'id',
  'line',
  'delivery',
  'vendor',
  'supplier',
  'account',
  'acct',
  'brand',
  'sku',
  'upc',
  'part',
  'company',
  'reference',
  'ref',
  'invoice',
  'doc',
  'document',
  'on',
  'hand',
  'available',
  'avail',
  'stock',
  'via',
  'method',
  'expected',
  'estimated',
  'arrival',
  'trk',
  // German compounds: `Bestellnummer`, `Versanddatum`, `Artikelnummer`, `Kundenname`, `Lieferstatus`.
  'bestell',
  'bestellung',
  'bestellungs',
  'auftrags',
  'artikel',
  'kunden',
  'versand',
  'liefer',
  'positions',
  'referenz',
  'rechnungs',
  'nummer',
  'nr',
  'datum',
  'menge',
  'termin',
  'paket',
  'lager',
  'lieferschein',
  // Dutch compounds: `Bestelnummer`, `Verzenddatum`, `Leverdatum`, `Klantnaam`, `Ordernummer`.
  'bestel',
  'verzend',
  'lever',
  'klant',
  'naam',
];
const GLUE_WORDS = new Set(GLUE_VOCABULARY);

/** A glued word split into known words, or null: `shipdate` → ship + date. */
function unglue(word: string): string[] | null {
  if (word.length < 5 || GLUE_WORDS.has(word) || CANONICAL[word]) return null;
  for (let i = 2; i <= word.length - 2; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (!GLUE_WORDS.has(head)) continue;
    if (GLUE_WORDS.has(tail)) return [head, tail];
    const rest = unglue(tail);
    if (rest) return [head, ...rest];
  }
  return null;
}

/**
 * X12 qualifier codes an EDI flat file writes in brackets after the element (`N102 Name (ST)`, `LIN03
 * Product/Service ID (UP)`): the N101 entity identifier codes and the product/service id qualifiers of the X12
 * dictionary, in words.
 */
const X12_QUALIFIERS: Record<string, string> = {
  ST: 'ship to',
  SF: 'ship from',
  BT: 'bill to',
  BY: 'buyer',
  VN: 'vendor',
  UP: 'upc',
};

/** Raw words of a header: camelCase split, `#` kept as a word, other punctuation a space. */
function rawWords(header: string): string[] {
  // Only after an element id: elsewhere `(ST)` is no qualifier.
  const text = /^[A-Z][A-Z0-9]{1,2}\d{2}\s/.test(header.trim())
    ? header.replace(/\((ST|SF|BT|BY|VN|UP)\)/g, (_, code: string) => ` ${X12_QUALIFIERS[code]} `)
    : header;
  const spaced = text
    // EDI flat files prefix the element id (`PRF01 Purchase Order Number`, `N102 Ship To Name`): not a word.
    .replace(/(^|[\s([-])[A-Z]{1,3}\d{2,3}(?=$|[\s:)\]-])/g, '$1 ')
    // Possessives: `Vendor's Item Number`.
    .replace(/['’]s\b/g, '')
    // Polish `ł` has no decomposed form: `Wysyłka` is `wysylka`.
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // ShipperTrackingNumber, POnumber, ItemID
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2');
  return spaced.split(/[^a-z0-9#]+/).filter(Boolean);
}

/** The canonical words of a header, in their order (duplicates dropped). */
export function headerWords(text: string): string[] {
  let words = rawWords(text).flatMap((word) => WHOLE_WORDS[word] ?? unglue(word) ?? [word]);
  // "P.O." → p, o; "E.T.A." → e, t, a: runs of single letters read as phrases below.
  for (const [phrase, replacement] of PHRASES) words = replacePhrase(words, phrase, replacement);
  words = words.map((word) => CANONICAL[word] ?? word);
  for (const [phrase, replacement] of PHRASES) words = replacePhrase(words, phrase, replacement);
  const out: string[] = [];
  for (const word of words.flatMap((word) => EXPANSIONS[word] ?? [word])) {
    if (STOP_WORDS.has(word) || out.includes(word)) continue;
    out.push(word);
  }
  return out;
}

function replacePhrase(words: string[], phrase: readonly string[], replacement: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (phrase.every((part, k) => words[i + k] === part)) {
      out.push(replacement);
      i += phrase.length - 1;
    } else out.push(words[i]!);
  }
  return out;
}

/**
 * A header of nothing but words for a kind of value (`Date`, `Name`, `No.`, `Status`, `Quantity`): it says what
 * the values are, not which field they fill, so what it meant in one supplier's file does not carry to another's.
 */
export function isGenericHeader(text: string): boolean {
  const words = headerWords(text);
  return words.length > 0 && words.every((word) => GENERIC_WORDS.has(word));
}

/** The key two headers share when they are the same words in any order: learned evidence is matched on it. */
export function headerKey(text: string): string {
  return [...headerWords(text)].sort().join(' ');
}

/**
 * How close a header's words are to a synonym's: 1 for the same words in any order, else the Dice share of
 * words in common (2 × common / (header words + synonym words)). `number` alone does not make two headers
 * alike: it is discounted, so `PO #` is nearer to `PO` than `Item #` is.
 */
export function headerSimilarity(header: readonly string[], synonym: readonly string[]): number {
  if (header.length === 0 || synonym.length === 0) return 0;
  const weight = (word: string) => (word === 'number' || word === 'name' || word === 'code' ? 0.5 : 1);
  let common = 0;
  let total = 0;
  let telling = false;
  for (const word of header) {
    total += weight(word);
    if (synonym.includes(word)) {
      common += weight(word);
      if (!GENERIC_WORDS.has(word)) telling = true;
    }
  }
  for (const word of synonym) total += weight(word);
  if (common === 0) return 0;
  const sameSet = header.length === synonym.length && header.every((word) => synonym.includes(word));
  if (sameSet) return 1;
  const dice = (2 * common) / total;
  // Every word of the synonym is in the header (`Amazon Order ID` holds `Order ID`): one or two extra words
  // qualify it rather than change what it is.
  if (synonym.every((word) => header.includes(word))) return 0.85 + 0.15 * dice;
  // Sharing only `date` or `number` says nothing: `Invoice Date` is not `Order Date`.
  return telling ? dice : 0;
}
