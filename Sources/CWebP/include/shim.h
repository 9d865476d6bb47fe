#ifndef PBRENDER_CWEBP_SHIM_H
#define PBRENDER_CWEBP_SHIM_H

// libwebp and libwebpmux (Debian libwebp-dev): lossless WebP stills and animations, loaded the first time a
// WebP is written, not with every process (pb_dynamic_library.h). The headers' inline initialisers call the
// libraries' versioned functions directly, so their equivalents below call them through the table.

#include <webp/encode.h>
#include <webp/mux.h>

#include "pb_dynamic_library.h"

#define PB_WEBP_FUNCTIONS(F)                 \
    F(WebPConfigInitInternal)                \
    F(WebPValidateConfig)                    \
    F(WebPMemoryWriterInit)                  \
    F(WebPMemoryWriterClear)                 \
    F(WebPMemoryWrite)                       \
    F(WebPPictureInitInternal)               \
    F(WebPPictureFree)                       \
    F(WebPPictureImportRGBA)                 \
    F(WebPEncode)                            \
    F(WebPFree)                              \
    F(WebPAnimEncoderOptionsInitInternal)    \
    F(WebPAnimEncoderNewInternal)            \
    F(WebPAnimEncoderAdd)                    \
    F(WebPAnimEncoderAssemble)               \
    F(WebPAnimEncoderGetError)               \
    F(WebPAnimEncoderDelete)

PB_DYNAMIC_LIBRARY_DECLARE(pb_webp, PB_WEBP_FUNCTIONS)

/// WebPConfigInit: the default configuration, for the ABI of these headers.
static inline int pb_webp_config_init(WebPConfig *_Nonnull config) {
    return pb_webp()->WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION);
}

/// WebPPictureInit.
static inline int pb_webp_picture_init(WebPPicture *_Nonnull picture) {
    return pb_webp()->WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION);
}

/// WebPAnimEncoderOptionsInit.
static inline int pb_webp_anim_encoder_options_init(WebPAnimEncoderOptions *_Nonnull options) {
    return pb_webp()->WebPAnimEncoderOptionsInitInternal(options, WEBP_MUX_ABI_VERSION);
}

/// WebPAnimEncoderNew.
static inline WebPAnimEncoder *_Nullable pb_webp_anim_encoder_new(
    int width, int height, const WebPAnimEncoderOptions *_Nonnull options) {
    return pb_webp()->WebPAnimEncoderNewInternal(width, height, options, WEBP_MUX_ABI_VERSION);
}

/// WebPDataClear: frees the bytes (WebPFree) and empties the data.
static inline void pb_webp_data_clear(WebPData *_Nullable data) {
    if (data != NULL) {
        pb_webp()->WebPFree((void *)data->bytes);
        data->bytes = NULL;
        data->size = 0;
    }
}

#endif
