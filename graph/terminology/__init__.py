"""Terminology services over the loaded releases: concepts and search (``concepts``), the FHIR-shaped
operations $lookup, $validate-code, $subsumes, $translate and $expand (``operations``), and RxNorm
ingredient normalisation (``medications``); ``results`` declares the shapes they answer with."""
