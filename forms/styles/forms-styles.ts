/** Side-effect module: the signature fonts (font1, font2, font3) and the widgets' stylesheet. */
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/caveat/400.css';
import './forms.css';
