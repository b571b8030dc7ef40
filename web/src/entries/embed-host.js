// embed.js, for the host page. Include it once, anywhere, beside the iframe:
//   <iframe src="https://<calculator>/embed.html?micro=8&dp=64&accum=4&seq=4096" ...></iframe>
//   <script type="module" src="https://<calculator>/embed.js"></script>
// It sizes each embed iframe to the height the embed posts, accepting messages
// only from the origin this script was served from.
import { sizeEmbedFrames } from '../kit/embed-protocol.js';

sizeEmbedFrames(window, new URL(import.meta.url).origin);
