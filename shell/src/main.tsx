// An async boundary: shared modules are negotiated before the app imports React.
import('./bootstrap');
