/**
 * What an expandable's toggle says (`<Expandable>`, render/components/disclosure.tsx, and an endpoint
 * page's nested fields, endpoint/schema.ts), in every language: the body is rendered once, in English,
 * and the shell puts these in the page's language (bodyLabels.ts). `{title}` stands for the expandable's
 * title: the author's as written, or the default one below.
 */

/** The toggle's two states and its default titles. */
export interface UiToggles {
  /** "Show child attributes" / "Hide child attributes". */
  readonly showTitle: string;
  readonly hideTitle: string;
  /** The title of an untitled `<Expandable>` and of an object's nested fields... */
  readonly childAttributes: string;
  /** ...and of an array's item fields. */
  readonly itemAttributes: string;
}

/** English: what the components write, and the fallback of every other table. */
export const EN_TOGGLES: UiToggles = {
  showTitle: 'Show {title}',
  hideTitle: 'Hide {title}',
  childAttributes: 'child attributes',
  itemAttributes: 'item attributes',
};

/** One table from its four strings, in the order of UiToggles: keeps thirty languages readable. */
function table(showTitle: string, hideTitle: string, childAttributes: string, itemAttributes: string): UiToggles {
  return { showTitle, hideTitle, childAttributes, itemAttributes };
}

/**
 * The tables, by docs.json language code (the same codes as the interface text's tables). Where the
 * title comes first, the default titles start with a capital.
 */
export const TOGGLE_TEXT: Readonly<Record<string, UiToggles>> = {
  fr: table('Afficher {title}', 'Masquer {title}', 'les attributs enfants', 'les attributs des éléments'),
  es: table('Mostrar {title}', 'Ocultar {title}', 'atributos secundarios', 'atributos de los elementos'),
  de: table('{title} anzeigen', '{title} ausblenden', 'Untergeordnete Attribute', 'Attribute der Elemente'),
  it: table('Mostra {title}', 'Nascondi {title}', 'attributi figli', 'attributi degli elementi'),
  pt: table('Mostrar {title}', 'Ocultar {title}', 'atributos filhos', 'atributos dos itens'),
  ca: table('Mostra {title}', 'Amaga {title}', 'atributs fills', 'atributs dels elements'),
  ro: table('Afișează {title}', 'Ascunde {title}', 'atributele copil', 'atributele elementelor'),
  tr: table('{title} göster', '{title} gizle', 'Alt öznitelikleri', 'Öğe özniteliklerini'),
  id: table('Tampilkan {title}', 'Sembunyikan {title}', 'atribut turunan', 'atribut item'),
  vi: table('Hiện {title}', 'Ẩn {title}', 'thuộc tính con', 'thuộc tính của phần tử'),
  nl: table('Toon {title}', 'Verberg {title}', 'onderliggende attributen', 'attributen van items'),
  pl: table('Pokaż {title}', 'Ukryj {title}', 'atrybuty podrzędne', 'atrybuty elementów'),
  sv: table('Visa {title}', 'Dölj {title}', 'underordnade attribut', 'elementens attribut'),
  cs: table('Zobrazit {title}', 'Skrýt {title}', 'podřízené atributy', 'atributy položek'),
  hu: table('{title} megjelenítése', '{title} elrejtése', 'Gyermekattribútumok', 'Elemattribútumok'),
  da: table('Vis {title}', 'Skjul {title}', 'underordnede attributter', 'elementattributter'),
  no: table('Vis {title}', 'Skjul {title}', 'underordnede attributter', 'elementattributter'),
  fi: table('Näytä {title}', 'Piilota {title}', 'alatason attribuutit', 'kohteiden attribuutit'),
  ru: table('Показать {title}', 'Скрыть {title}', 'дочерние атрибуты', 'атрибуты элементов'),
  uk: table('Показати {title}', 'Сховати {title}', 'дочірні атрибути', 'атрибути елементів'),
  lv: table('Rādīt {title}', 'Slēpt {title}', 'pakārtotos atribūtus', 'elementu atribūtus'),
  uz: table('Ko‘rsatish: {title}', 'Yashirish: {title}', 'quyi atributlar', 'element atributlari'),
  'zh-Hans': table('显示{title}', '隐藏{title}', '子属性', '元素属性'),
  'zh-Hant': table('顯示{title}', '隱藏{title}', '子屬性', '元素屬性'),
  ja: table('{title}を表示', '{title}を非表示', '子属性', '要素の属性'),
  ko: table('{title} 표시', '{title} 숨기기', '하위 속성', '항목 속성'),
  hi: table('{title} दिखाएँ', '{title} छिपाएँ', 'चाइल्ड एट्रिब्यूट', 'आइटम एट्रिब्यूट'),
  ar: table('إظهار {title}', 'إخفاء {title}', 'السمات الفرعية', 'سمات العناصر'),
  he: table('הצגת {title}', 'הסתרת {title}', 'מאפייני משנה', 'מאפייני הפריטים'),
};
