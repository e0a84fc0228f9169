"""Integrated loudness of a WAV file by pyloudnorm (ITU-R BS.1770-4), the delivery QC's
independent reader: prints {"integratedLufs": ..., "sampleRate": ..., "channels": ...} as JSON.
Usage: python3 loudness.py <file.wav>"""
import json
import sys

import numpy
import pyloudnorm
from scipy.io import wavfile


def samples_of(path):
    rate, data = wavfile.read(path)
    if numpy.issubdtype(data.dtype, numpy.integer):
        # 16-bit comes as int16, 24- and 32-bit as int32 (left-justified): full scale is 2^(bits-1).
        data = data.astype(numpy.float64) / float(2 ** (8 * data.dtype.itemsize - 1))
    return rate, data.astype(numpy.float64)


def main(path):
    rate, data = samples_of(path)
    loudness = pyloudnorm.Meter(rate).integrated_loudness(data)
    channels = 1 if data.ndim == 1 else data.shape[1]
    print(json.dumps({"integratedLufs": loudness, "sampleRate": rate, "channels": channels}))


if __name__ == "__main__":
    main(sys.argv[1])
