/**
 * What an offline page's media placeholders say (render/components/remoteMedia.tsx), in every language:
 * the body is rendered once, in English, and the shell puts these in the page's language (bodyLabels.ts).
 * `{host}` and `{url}` stand for the media's host and address, kept as written.
 */

/** A placeholder's label when its author gave it none. */
export interface UiMedia {
  /** An image, a video or an embed hosted elsewhere: "Image from cdn.example.com". */
  readonly imageFrom: string;
  readonly videoFrom: string;
  readonly contentFrom: string;
  /** An image or a video the project does not hold: "Image not found: /images/a.png". */
  readonly imageNotFound: string;
  readonly videoNotFound: string;
}

/** English: what the components write, and the fallback of every other table. */
export const EN_MEDIA: UiMedia = {
  imageFrom: 'Image from {host}',
  videoFrom: 'Video from {host}',
  contentFrom: 'Content from {host}',
  imageNotFound: 'Image not found: {url}',
  videoNotFound: 'Video not found: {url}',
};

/** One table from its five strings, in the order of UiMedia: keeps thirty languages readable. */
function table(
  imageFrom: string,
  videoFrom: string,
  contentFrom: string,
  imageNotFound: string,
  videoNotFound: string,
): UiMedia {
  return { imageFrom, videoFrom, contentFrom, imageNotFound, videoNotFound };
}

/** The tables, by docs.json language code (the same codes as the interface text's tables). */
export const MEDIA_TEXT: Readonly<Record<string, UiMedia>> = {
  fr: table(
    'Image de {host}',
    'Vidéo de {host}',
    'Contenu de {host}',
    'Image introuvable : {url}',
    'Vidéo introuvable : {url}',
  ),
  es: table(
    'Imagen de {host}',
    'Vídeo de {host}',
    'Contenido de {host}',
    'Imagen no encontrada: {url}',
    'Vídeo no encontrado: {url}',
  ),
  de: table(
    'Bild von {host}',
    'Video von {host}',
    'Inhalt von {host}',
    'Bild nicht gefunden: {url}',
    'Video nicht gefunden: {url}',
  ),
  it: table(
    'Immagine da {host}',
    'Video da {host}',
    'Contenuto da {host}',
    'Immagine non trovata: {url}',
    'Video non trovato: {url}',
  ),
  pt: table(
    'Imagem de {host}',
    'Vídeo de {host}',
    'Conteúdo de {host}',
    'Imagem não encontrada: {url}',
    'Vídeo não encontrado: {url}',
  ),
  ca: table(
    'Imatge de {host}',
    'Vídeo de {host}',
    'Contingut de {host}',
    "No s'ha trobat la imatge: {url}",
    "No s'ha trobat el vídeo: {url}",
  ),
  ro: table(
    'Imagine de la {host}',
    'Videoclip de la {host}',
    'Conținut de la {host}',
    'Imaginea nu a fost găsită: {url}',
    'Videoclipul nu a fost găsit: {url}',
  ),
  tr: table(
    '{host} adresinden görsel',
    '{host} adresinden video',
    '{host} adresinden içerik',
    'Görsel bulunamadı: {url}',
    'Video bulunamadı: {url}',
  ),
  id: table(
    'Gambar dari {host}',
    'Video dari {host}',
    'Konten dari {host}',
    'Gambar tidak ditemukan: {url}',
    'Video tidak ditemukan: {url}',
  ),
  vi: table(
    'Hình ảnh từ {host}',
    'Video từ {host}',
    'Nội dung từ {host}',
    'Không tìm thấy hình ảnh: {url}',
    'Không tìm thấy video: {url}',
  ),
  nl: table(
    'Afbeelding van {host}',
    'Video van {host}',
    'Inhoud van {host}',
    'Afbeelding niet gevonden: {url}',
    'Video niet gevonden: {url}',
  ),
  pl: table(
    'Obraz z {host}',
    'Wideo z {host}',
    'Treść z {host}',
    'Nie znaleziono obrazu: {url}',
    'Nie znaleziono wideo: {url}',
  ),
  sv: table(
    'Bild från {host}',
    'Video från {host}',
    'Innehåll från {host}',
    'Bilden hittades inte: {url}',
    'Videon hittades inte: {url}',
  ),
  cs: table(
    'Obrázek z {host}',
    'Video z {host}',
    'Obsah z {host}',
    'Obrázek nebyl nalezen: {url}',
    'Video nebylo nalezeno: {url}',
  ),
  hu: table(
    'Kép innen: {host}',
    'Videó innen: {host}',
    'Tartalom innen: {host}',
    'A kép nem található: {url}',
    'A videó nem található: {url}',
  ),
  da: table(
    'Billede fra {host}',
    'Video fra {host}',
    'Indhold fra {host}',
    'Billedet blev ikke fundet: {url}',
    'Videoen blev ikke fundet: {url}',
  ),
  no: table(
    'Bilde fra {host}',
    'Video fra {host}',
    'Innhold fra {host}',
    'Fant ikke bildet: {url}',
    'Fant ikke videoen: {url}',
  ),
  fi: table(
    'Kuva sivustolta {host}',
    'Video sivustolta {host}',
    'Sisältöä sivustolta {host}',
    'Kuvaa ei löytynyt: {url}',
    'Videota ei löytynyt: {url}',
  ),
  ru: table(
    'Изображение с {host}',
    'Видео с {host}',
    'Контент с {host}',
    'Изображение не найдено: {url}',
    'Видео не найдено: {url}',
  ),
  uk: table(
    'Зображення з {host}',
    'Відео з {host}',
    'Вміст з {host}',
    'Зображення не знайдено: {url}',
    'Відео не знайдено: {url}',
  ),
  lv: table(
    'Attēls no {host}',
    'Video no {host}',
    'Saturs no {host}',
    'Attēls nav atrasts: {url}',
    'Video nav atrasts: {url}',
  ),
  uz: table(
    '{host} saytidan rasm',
    '{host} saytidan video',
    '{host} saytidan kontent',
    'Rasm topilmadi: {url}',
    'Video topilmadi: {url}',
  ),
  'zh-Hans': table(
    '来自 {host} 的图片',
    '来自 {host} 的视频',
    '来自 {host} 的内容',
    '未找到图片：{url}',
    '未找到视频：{url}',
  ),
  'zh-Hant': table(
    '來自 {host} 的圖片',
    '來自 {host} 的影片',
    '來自 {host} 的內容',
    '找不到圖片：{url}',
    '找不到影片：{url}',
  ),
  ja: table(
    '{host} の画像',
    '{host} の動画',
    '{host} のコンテンツ',
    '画像が見つかりません: {url}',
    '動画が見つかりません: {url}',
  ),
  ko: table(
    '{host}의 이미지',
    '{host}의 동영상',
    '{host}의 콘텐츠',
    '이미지를 찾을 수 없음: {url}',
    '동영상을 찾을 수 없음: {url}',
  ),
  hi: table('{host} से छवि', '{host} से वीडियो', '{host} से सामग्री', 'छवि नहीं मिली: {url}', 'वीडियो नहीं मिला: {url}'),
  ar: table(
    'صورة من {host}',
    'فيديو من {host}',
    'محتوى من {host}',
    'الصورة غير موجودة: {url}',
    'الفيديو غير موجود: {url}',
  ),
  he: table('תמונה מ-{host}', 'סרטון מ-{host}', 'תוכן מ-{host}', 'התמונה לא נמצאה: {url}', 'הסרטון לא נמצא: {url}'),
};
